//go:build !linux

package verifycache

import (
	"io"
	"os"
	"time"
)

// fileStatus is empty where the status of a file is not read: every key
// reads every file.
type fileStatus struct{}

func statusOf(os.FileInfo) (fileStatus, bool)   { return fileStatus{}, false }
func statusAt(string) (fileStatus, bool)        { return fileStatus{}, false }
func (fileStatus) changedBefore(time.Time) bool { return false }

// readFile reads the file at path into *buf (grown as needed).
func readFile(path string, buf *[]byte) (data []byte, status fileStatus, known bool, err error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fileStatus{}, false, err
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil {
		return nil, fileStatus{}, false, err
	}
	data, err = readAll(f, info.Size(), buf)
	return data, fileStatus{}, false, err
}

// readAll reads f, of about size bytes, into *buf (grown as needed) and
// returns what it read.
func readAll(f *os.File, size int64, buf *[]byte) ([]byte, error) {
	if want := int(size) + 512; cap(*buf) < want {
		*buf = make([]byte, 0, want)
	}
	data := (*buf)[:0]
	for {
		if len(data) == cap(data) {
			data = append(data, 0)[:len(data)]
		}
		n, err := f.Read(data[len(data):cap(data)])
		data = data[:len(data)+n]
		if err == io.EOF {
			*buf = data
			return data, nil
		}
		if err != nil {
			return nil, err
		}
	}
}
