// Package gofile is the only code that turns generated code into bytes and
// bytes into files: rendering with our header, planning which files change,
// and applying that plan atomically, or diffing it for verify.
package gofile

import (
	"bytes"
	"errors"
	"fmt"
	"go/scanner"
	"go/token"
	"io"
	"os"
	"strings"
	"time"

	"github.com/dave/jennifer/jen"

	"github.com/metagen-dev/metagen/generators/formatcache"
	"github.com/metagen-dev/metagen/generators/load"
)

// Header is what goes above the package clause of every generated file.
type Header struct {
	// Boilerplate is the --header-file text, e.g. a license; comments only.
	Boilerplate string
}

// ReadHeaderFile reads and checks a --header-file. It must hold only Go
// comments; it is copied as it is (no YEAR substitution, so output never
// depends on the date).
func ReadHeaderFile(path string) (Header, error) {
	if path == "" {
		return Header{}, nil
	}
	data, err := readLimited(path, maxHeaderFile)
	if err != nil {
		return Header{}, fmt.Errorf("reading header file: %w", err)
	}
	if err := onlyComments(path, data); err != nil {
		return Header{}, err
	}
	return Header{Boilerplate: strings.TrimSpace(string(data))}, nil
}

// maxHeaderFile bounds a --header-file: a license is a few KiB.
const maxHeaderFile = 64 << 10

// readLimited reads a regular file of at most limit bytes: a device
// (/dev/zero), a FIFO or a huge file is refused instead of read forever.
func readLimited(path string, limit int64) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if !info.Mode().IsRegular() {
		return nil, fmt.Errorf("%s is not a regular file", path)
	}
	data, err := io.ReadAll(io.LimitReader(f, limit+1))
	if err != nil {
		return nil, err
	}
	if int64(len(data)) > limit {
		return nil, fmt.Errorf("%s is larger than %d KiB", path, limit>>10)
	}
	return data, nil
}

func onlyComments(path string, src []byte) error {
	fset := token.NewFileSet()
	file := fset.AddFile(path, -1, len(src))
	var s scanner.Scanner
	var scanErr error
	s.Init(file, src, func(pos token.Position, msg string) {
		if scanErr == nil {
			scanErr = fmt.Errorf("%s: %s", pos, msg)
		}
	}, scanner.ScanComments)
	for {
		pos, tok, _ := s.Scan()
		if scanErr != nil {
			return scanErr
		}
		switch tok {
		case token.EOF:
			return nil
		case token.COMMENT, token.SEMICOLON:
			continue
		}
		return fmt.Errorf("%s: header file must contain only Go comments, found %s", fset.Position(pos), tok)
	}
}

// Render formats one generated file with the build constraint, the
// boilerplate and our generated-code header on top.
func Render(code *jen.File, header Header, buildConstraint string) ([]byte, error) {
	out, err := RenderAll(nil, header, []GoFile{{Code: code, BuildConstraint: buildConstraint}})
	if err != nil {
		return nil, err
	}
	return out.Contents[0], nil
}

// GoFile is one generated Go file, before rendering.
type GoFile struct {
	Path, Generator string // for errors
	Code            *jen.File
	BuildConstraint string
}

// Rendered is a pass's files as bytes, and what formatting them cost: on a
// machine's first run formatting is the largest part of a run, and -v
// shows it per generator.
type Rendered struct {
	Contents [][]byte
	Format   time.Duration // go/format, or reading the texts from the cache
	Cached   bool          // the texts came from the format cache
}

// RenderAll renders the Go files of one pass as Render does, formatted
// through cache (nil: go/format.Source each): jennifer writes the text
// unformatted, and the files are formatted, or read from the cache, as one.
func RenderAll(cache *formatcache.Cache, header Header, files []GoFile) (Rendered, error) {
	srcs := make([][]byte, len(files))
	for i, f := range files {
		src, err := unformatted(f.Code, header, f.BuildConstraint)
		if err != nil {
			return Rendered{}, fmt.Errorf("%sformatting generated code: %w", pathPrefix(f), err)
		}
		srcs[i] = src
		files[i].Code = nil // its tree is garbage once written out: a client pass has up to 150
	}
	start := time.Now()
	outs, hit, err := cache.Sources(srcs)
	var refused *formatcache.FormatError
	if errors.As(err, &refused) {
		// jennifer's own wording when it formats, with the text it could not.
		return Rendered{}, fmt.Errorf("%sformatting generated code: Error %s while formatting source:\n%s", pathPrefix(files[refused.Index]), refused.Err, srcs[refused.Index])
	}
	if err != nil {
		return Rendered{}, err
	}
	return Rendered{Contents: outs, Format: time.Since(start), Cached: hit}, nil
}

// pathPrefix is where an error names the file: "<path>: generator <name>: ".
func pathPrefix(f GoFile) string {
	if f.Path == "" {
		return ""
	}
	return f.Path + ": generator " + f.Generator + ": "
}

// unformatted is a file's text as jennifer writes it, with the header.
func unformatted(code *jen.File, header Header, buildConstraint string) ([]byte, error) {
	var top []string
	if buildConstraint != "" {
		top = append(top, "//go:build "+buildConstraint)
	}
	if header.Boilerplate != "" {
		top = append(top, header.Boilerplate)
	}
	top = append(top, load.GeneratedHeader)
	code.HeaderComment(strings.Join(top, "\n\n"))
	code.NoFormat = true
	var src bytes.Buffer
	if err := code.Render(&src); err != nil {
		return nil, err
	}
	return src.Bytes(), nil
}

// RenderYAML puts our header on top of a YAML document. A YAML file carries
// no boilerplate: the header file holds Go comments.
func RenderYAML(body []byte) []byte {
	return append([]byte(load.GeneratedHeaderYAML+"\n"), body...)
}

// RenderMarkup puts our header, an HTML comment, on top of a Markdown or
// HTML document (the docs generator's).
func RenderMarkup(body []byte) []byte {
	return append([]byte(load.GeneratedHeaderMarkup+"\n"), body...)
}
