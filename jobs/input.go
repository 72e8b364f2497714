package jobs

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"
)

// Upload limits.
const (
	// MaxFieldChars is the longest field of a row; a longer one makes the
	// row an error row (reported in the results).
	MaxFieldChars = 500
	// MaxLineBytes is the longest physical line read; a longer one is an
	// error row.
	MaxLineBytes = 16 << 10
	// maxRecordLines bounds a quoted CSV field spread over lines: a quote
	// still open after this many lines is an unclosed quote.
	maxRecordLines = 3
)

// Formats of uploads and results.
const (
	FormatCSV    = "csv"
	FormatNDJSON = "ndjson"
)

// Record is one row of an upload, normalised: its row number (0-based,
// header excluded), its line in the upload, the caller's id, the address
// text (address, or address_line_1..3 and town joined) and postcode, or
// the reason the row could not be read.
type Record struct {
	Row      int    `json:"n"`
	Line     int    `json:"l"`
	ID       string `json:"id,omitempty"`
	Address  string `json:"a,omitempty"`
	Postcode string `json:"p,omitempty"`
	Error    string `json:"e,omitempty"`
}

// InputError is an upload refused as a whole (before any job exists).
type InputError struct {
	Status  int // HTTP status
	Code    string
	Message string
	Details map[string]any
}

func (e *InputError) Error() string { return e.Message }

func inputErr(status int, code, format string, args ...any) *InputError {
	return &InputError{Status: status, Code: code, Message: fmt.Sprintf(format, args...)}
}

// Error codes of refused uploads.
const (
	CodeMissingAddressColumn = "missing_address_column"
	CodeEmptyUpload          = "empty_upload"
	CodeNotUTF8              = "not_utf8"
	CodeTooManyRows          = "too_many_rows"
	CodeUnsupportedFormat    = "unsupported_format"
	CodeUploadTooLarge       = "upload_too_large"
)

// ErrTooLarge is returned by a body reader past its size limit
// (http.MaxBytesError is mapped to it by the caller).
var ErrTooLarge = errors.New("upload larger than the limit")

// Normalize reads an upload in format (FormatCSV or FormatNDJSON) and
// writes one JSON Record a line to w, streaming: memory stays bounded by
// one line. It returns the number of rows. The whole upload is refused
// (*InputError) when it has no address column, no rows, more than maxRows
// rows, or is not UTF-8; a row that cannot be read (unclosed quote,
// over-long field, bad JSON) becomes an error Record and the rest goes on.
func Normalize(r io.Reader, format string, maxRows int, w io.Writer) (int, error) {
	lr := &lineReader{r: bufio.NewReaderSize(r, 64<<10)}
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	var p rowParser
	switch format {
	case FormatCSV:
		p = &csvParser{}
	case FormatNDJSON:
		p = &ndjsonParser{}
	default:
		return 0, inputErr(415, CodeUnsupportedFormat, "unknown upload format %q: send text/csv or application/x-ndjson", format)
	}
	rows := 0
	for {
		rec, ok, err := p.next(lr)
		if err != nil {
			return rows, err
		}
		if !ok {
			break
		}
		if rows >= maxRows {
			e := inputErr(413, CodeTooManyRows, "the upload has more than %d rows, the most a job of this plan takes", maxRows)
			e.Details = map[string]any{"max_rows": maxRows}
			return rows, e
		}
		rec.Row = rows
		rows++
		if err := enc.Encode(rec); err != nil {
			return rows, err
		}
	}
	if rows == 0 {
		return 0, inputErr(422, CodeEmptyUpload, "the upload has no rows (a header alone, or nothing)")
	}
	return rows, nil
}

// lineReader reads physical lines with their numbers, checks UTF-8 and
// lets a parser push lines back.
type lineReader struct {
	r      *bufio.Reader
	line   int // number of the last line returned
	back   []physLine
	header bool
}

type physLine struct {
	n    int
	text string
	long bool // longer than MaxLineBytes (text truncated)
}

func (l *lineReader) next() (physLine, bool, error) {
	if n := len(l.back); n > 0 {
		pl := l.back[n-1]
		l.back = l.back[:n-1]
		return pl, true, nil
	}
	var buf []byte
	long := false
	for {
		frag, err := l.r.ReadSlice('\n')
		if len(buf)+len(frag) <= MaxLineBytes {
			buf = append(buf, frag...)
		} else {
			long = true
		}
		if err == bufio.ErrBufferFull {
			continue
		}
		if err == io.EOF {
			if len(buf) == 0 && !long {
				return physLine{}, false, nil
			}
			break
		}
		if err != nil {
			if errors.Is(err, ErrTooLarge) {
				return physLine{}, false, err
			}
			return physLine{}, false, err
		}
		break
	}
	l.line++
	if l.line == 1 {
		buf = bytes.TrimPrefix(buf, []byte("\xef\xbb\xbf"))
	}
	if !utf8.Valid(buf) {
		return physLine{}, false, inputErr(422, CodeNotUTF8, "line %d is not UTF-8: save the file as UTF-8 and upload it again", l.line)
	}
	s := strings.TrimRight(string(buf), "\r\n")
	return physLine{n: l.line, text: s, long: long}, true, nil
}

func (l *lineReader) unread(pl physLine) { l.back = append(l.back, pl) }

type rowParser interface {
	next(lr *lineReader) (Record, bool, error)
}

// columns maps the header's names to positions.
type columns struct {
	id, address, postcode, town int
	lines                       [3]int
}

func (c *columns) get(fields []string, i int) string {
	if i < 0 || i >= len(fields) {
		return ""
	}
	return strings.TrimSpace(fields[i])
}

// fill sets the record's fields from a row's values (by header position).
func (c *columns) fill(rec *Record, fields []string) {
	rec.ID = c.get(fields, c.id)
	rec.Postcode = c.get(fields, c.postcode)
	if c.address >= 0 {
		rec.Address = c.get(fields, c.address)
	} else {
		var parts []string
		for _, i := range c.lines {
			parts = append(parts, c.get(fields, i))
		}
		parts = append(parts, c.get(fields, c.town))
		var keep []string
		for _, p := range parts {
			if p != "" {
				keep = append(keep, p)
			}
		}
		rec.Address = strings.Join(keep, ", ")
	}
	for _, f := range fields {
		if utf8.RuneCountInString(f) > MaxFieldChars {
			*rec = Record{Line: rec.Line, ID: truncate(rec.ID, 100), Error: fmt.Sprintf("a field is longer than %d characters", MaxFieldChars)}
			return
		}
	}
	if rec.Address == "" && rec.Error == "" {
		rec.Error = "the address is empty"
	}
}

func truncate(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	return string([]rune(s)[:n])
}

// newColumns reads a header: id, address, postcode, or address_line_1..3
// and town (names compared case-insensitively, spaces and dashes as
// underscores).
func newColumns(names []string) (*columns, error) {
	c := &columns{id: -1, address: -1, postcode: -1, town: -1, lines: [3]int{-1, -1, -1}}
	for i, n := range names {
		n = strings.ToLower(strings.TrimSpace(n))
		n = strings.NewReplacer(" ", "_", "-", "_").Replace(n)
		switch n {
		case "id":
			c.id = i
		case "address":
			c.address = i
		case "postcode", "post_code":
			c.postcode = i
		case "town", "post_town":
			c.town = i
		case "address_line_1", "address1", "line_1":
			c.lines[0] = i
		case "address_line_2", "address2", "line_2":
			c.lines[1] = i
		case "address_line_3", "address3", "line_3":
			c.lines[2] = i
		}
	}
	if c.address < 0 && c.lines[0] < 0 {
		e := inputErr(422, CodeMissingAddressColumn, "the header has no address column: name one column address, or address_line_1 (address_line_2, address_line_3, town), with postcode and id optional")
		e.Details = map[string]any{"header": names}
		return nil, e
	}
	return c, nil
}

// csvParser reads CSV (RFC 4180: quoted fields may hold commas, doubled
// quotes and line breaks). A quote still open after maxRecordLines lines
// is an unclosed quote: that row is reported and reading restarts at the
// line after it.
type csvParser struct {
	cols *columns
}

func (p *csvParser) next(lr *lineReader) (Record, bool, error) {
	for {
		first, ok, err := lr.next()
		if err != nil || !ok {
			return Record{}, false, err
		}
		if strings.TrimSpace(first.text) == "" {
			continue
		}
		if first.long {
			if p.cols == nil {
				return Record{}, false, inputErr(422, CodeMissingAddressColumn, "the header line is longer than %d bytes", MaxLineBytes)
			}
			return Record{Line: first.n, Error: fmt.Sprintf("line longer than %d bytes", MaxLineBytes)}, true, nil
		}
		text := first.text
		var consumed []physLine
		fields, open, perr := splitCSV(text)
		for open && len(consumed) < maxRecordLines-1 {
			nl, ok, err := lr.next()
			if err != nil {
				return Record{}, false, err
			}
			if !ok {
				break
			}
			consumed = append(consumed, nl)
			text += "\n" + nl.text
			fields, open, perr = splitCSV(text)
		}
		// Still open, or closed lines later by a quote that leaves the
		// record malformed: the first line's quote was never closed.
		if open || len(consumed) > 0 && perr != "" {
			for i := len(consumed) - 1; i >= 0; i-- {
				lr.unread(consumed[i])
			}
			if p.cols == nil {
				return Record{}, false, inputErr(422, CodeMissingAddressColumn, "the header line has an unclosed quote")
			}
			return Record{Line: first.n, Error: "unclosed quote"}, true, nil
		}
		if p.cols == nil {
			cols, err := newColumns(fields)
			if err != nil {
				return Record{}, false, err
			}
			p.cols = cols
			continue
		}
		rec := Record{Line: first.n}
		if perr != "" {
			rec.Error = perr
			return rec, true, nil
		}
		p.cols.fill(&rec, fields)
		return rec, true, nil
	}
}

// splitCSV splits one record; open is true when a quoted field is not
// closed by the end of s; problem names a malformed quote.
func splitCSV(s string) (fields []string, open bool, problem string) {
	var b strings.Builder
	inQuote, quoted := false, false
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case inQuote && c == '"' && i+1 < len(s) && s[i+1] == '"':
			b.WriteByte('"')
			i++
		case inQuote && c == '"':
			inQuote = false
		case inQuote:
			b.WriteByte(c)
		case c == '"' && b.Len() == 0 && !quoted:
			inQuote, quoted = true, true
		case c == '"':
			problem = "a quote inside an unquoted field"
			b.WriteByte(c)
		case c == ',':
			fields = append(fields, b.String())
			b.Reset()
			quoted = false
		case quoted:
			if c != ' ' && c != '\t' {
				problem = "text after a closing quote"
			}
		default:
			b.WriteByte(c)
		}
	}
	fields = append(fields, b.String())
	return fields, inQuote, problem
}

// ndjsonParser reads one JSON object a line with the CSV's field names.
type ndjsonParser struct{ seen bool }

func (p *ndjsonParser) next(lr *lineReader) (Record, bool, error) {
	for {
		pl, ok, err := lr.next()
		if err != nil || !ok {
			return Record{}, false, err
		}
		if strings.TrimSpace(pl.text) == "" {
			continue
		}
		rec := Record{Line: pl.n}
		if pl.long {
			rec.Error = fmt.Sprintf("line longer than %d bytes", MaxLineBytes)
			return rec, true, nil
		}
		var m map[string]any
		if err := json.Unmarshal([]byte(pl.text), &m); err != nil {
			rec.Error = "not a JSON object: " + truncate(err.Error(), 120)
			return rec, true, nil
		}
		names := make([]string, 0, len(m))
		values := make([]string, 0, len(m))
		for k, v := range m {
			names = append(names, k)
			switch x := v.(type) {
			case string:
				values = append(values, x)
			case nil:
				values = append(values, "")
			default:
				b, _ := json.Marshal(x)
				values = append(values, string(b))
			}
		}
		cols, err := newColumns(names)
		if err != nil {
			if !p.seen {
				return Record{}, false, err // the first object sets the fields
			}
			rec.Error = "no address field (address, or address_line_1)"
			return rec, true, nil
		}
		p.seen = true
		cols.fill(&rec, values)
		return rec, true, nil
	}
}
