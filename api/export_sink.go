package api

// The export's output formats: the rows of POST listings/export written as
// CSV or as one JSON document, behind one rowSink (export.go streams them).

import (
	"bufio"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
)

type exportHead struct {
	total    int64
	returned int
	offset   int
	format   string
}

// rowSink writes rows in one format.
type rowSink interface {
	begin(h exportHead) error
	row(values []any) error
	end(weight int) error
}

type csvSink struct {
	w      *csv.Writer
	fields []string
	cells  []string
}

func newCSVSink(w io.Writer, fields []string) *csvSink {
	return &csvSink{w: csv.NewWriter(w), fields: fields, cells: make([]string, len(fields))}
}

func (c *csvSink) begin(exportHead) error { return c.w.Write(c.fields) }

func (c *csvSink) row(values []any) error {
	for i, v := range values {
		switch x := v.(type) {
		case nil:
			c.cells[i] = ""
		case string:
			c.cells[i] = NeutraliseCell(x)
		case int64:
			c.cells[i] = strconv.FormatInt(x, 10)
		case float64:
			c.cells[i] = strconv.FormatFloat(x, 'f', -1, 64)
		case bool:
			c.cells[i] = strconv.FormatBool(x)
		}
	}
	return c.w.Write(c.cells)
}

func (c *csvSink) end(int) error {
	c.w.Flush()
	return c.w.Error()
}

// jsonSink writes {status, total_results, returned, offset, format, data:[...],
// api_calls_used} incrementally, keys of each row in the requested order.
type jsonSink struct {
	w      *bufio.Writer
	fields []string
	n      int
}

func (j *jsonSink) begin(h exportHead) error {
	_, err := fmt.Fprintf(j.w, `{"status":"success","total_results":%d,"returned":%d,"offset":%d,"format":%q,"data":[`,
		h.total, h.returned, h.offset, h.format)
	return err
}

func (j *jsonSink) row(values []any) error {
	if j.n > 0 {
		j.w.WriteByte(',')
	}
	j.n++
	j.w.WriteByte('{')
	for i, f := range j.fields {
		if i > 0 {
			j.w.WriteByte(',')
		}
		k, _ := json.Marshal(f)
		j.w.Write(k)
		j.w.WriteByte(':')
		b, err := json.Marshal(values[i])
		if err != nil {
			return fmt.Errorf("encode %s: %w", f, err)
		}
		j.w.Write(b)
	}
	return j.w.WriteByte('}')
}

func (j *jsonSink) end(weight int) error {
	_, err := fmt.Fprintf(j.w, `],"api_calls_used":%d}`+"\n", weight)
	return err
}
