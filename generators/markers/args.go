package markers

import (
	"fmt"
	"strconv"
	"strings"
)

// ParseArgs reads the arguments of a controller-tools style marker
// (Marker.Args): key=value separated by commas. A value is a Go-quoted
// string ("…" or `…`), a controller-tools list or map in braces ({a,b},
// kept with its braces: read it with ListValue), or runs bare to the next comma.
func ParseArgs(text string) (map[string]string, error) {
	args := map[string]string{}
	rest := strings.TrimSpace(text)
	for rest != "" {
		key, after, ok := strings.Cut(rest, "=")
		key = strings.TrimSpace(key)
		if !ok || key == "" || strings.ContainsAny(key, ",\"`") {
			return nil, fmt.Errorf("want key=value, got %q", rest)
		}
		value, tail, err := argValue(strings.TrimLeft(after, " "))
		if err != nil {
			return nil, fmt.Errorf("%s: %v", key, err)
		}
		if _, dup := args[key]; dup {
			return nil, fmt.Errorf("%s is given twice", key)
		}
		args[key] = value
		rest = strings.TrimSpace(tail)
		if rest != "" {
			if rest[0] != ',' {
				return nil, fmt.Errorf("want a comma after %s, got %q", key, rest)
			}
			rest = strings.TrimSpace(rest[1:])
		}
	}
	return args, nil
}

// argValue reads one value and returns what follows it.
func argValue(s string) (value, rest string, err error) {
	if strings.HasPrefix(s, "{") {
		end := closingBrace(s)
		if end < 0 {
			return "", "", fmt.Errorf("unterminated list %s", s)
		}
		return s[:end+1], s[end+1:], nil
	}
	if s == "" || (s[0] != '"' && s[0] != '`') {
		value, rest, _ = strings.Cut(s, ",")
		if rest != "" || strings.HasSuffix(s, ",") {
			rest = "," + rest
		}
		return strings.TrimSpace(value), rest, nil
	}
	end := closingQuote(s)
	if end < 0 {
		return "", "", fmt.Errorf("unterminated string %s", s)
	}
	value, err = strconv.Unquote(s[:end+1])
	if err != nil {
		return "", "", fmt.Errorf("bad string %s: %v", s[:end+1], err)
	}
	return value, s[end+1:], nil
}

// closingQuote finds the quote that ends the string starting at s[0].
func closingQuote(s string) int {
	quote := s[0]
	for i := 1; i < len(s); i++ {
		switch {
		case quote == '"' && s[i] == '\\':
			i++
		case s[i] == quote:
			return i
		}
	}
	return -1
}

// closingBrace finds the brace that ends the list starting at s[0],
// skipping quoted strings and nested braces.
func closingBrace(s string) int {
	depth := 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '"', '`':
			end := closingQuote(s[i:])
			if end < 0 {
				return -1
			}
			i += end
		case '{':
			depth++
		case '}':
			depth--
			if depth == 0 {
				return i
			}
		}
	}
	return -1
}
