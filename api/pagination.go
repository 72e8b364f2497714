package api

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"strconv"

	"github.com/ukpd/propertyapi/api/query"
	"github.com/ukpd/propertyapi/api/search"
)

// Paging of lists: the page envelope of the market lists, page parameters,
// page URLs and RFC 8288 Link headers.

// maxResultWindow is the engine's result window, the deepest result
// reachable by paging: from+size beyond it is refused, and clients use the
// export instead.
const maxResultWindow = 10_000

// exportPath is the bulk access that paging errors point to.
const exportPath = "/api/v1/listings/export"

// pageEnvelope is the paginated envelope of sales, listings and events.
type pageEnvelope struct {
	Count    int64   `json:"count"`
	Next     *string `json:"next"`
	Previous *string `json:"previous"`
	Results  any     `json:"results"`
}

// pageLinks returns the next and previous page URLs: the request's URL with
// its query kept (api_key dropped) and page replaced (page 1 drops the
// parameter); see pageURL.
func pageLinks(r *http.Request, page, size int, count int64) (next, prev *string) {
	if int64(page)*int64(size) < count && page*size < maxResultWindow {
		next = pageURL(r, page+1)
	}
	if page > 1 {
		prev = pageURL(r, page-1)
	}
	return next, prev
}

// readPage reads page (1-based) and refuses pages beyond the result window.
func readPage(p *params, size int) (int, query.Page) {
	page := p.Int("page", 1, 1, maxResultWindow)
	if p.err == nil && page*size > maxResultWindow {
		e := Errorf(http.StatusUnprocessableEntity, CodePageTooDeep, "page %d is beyond the last reachable page (%d results at most)", page, maxResultWindow)
		e.Details = map[string]any{"max_results": maxResultWindow}
		p.fail(e)
	}
	return page, query.Page{From: (page - 1) * size, Size: size}
}

// searchPage runs the query of one page (page of size) on index, decodes
// its hits (what names them, singular, in errors), renders them and writes
// the page envelope with its links. When nothing matches, none (if not nil)
// may refuse the filter instead (an unknown UPRN is a 404, not an empty
// page).
func searchPage[T, O any](s *Server, w http.ResponseWriter, r *http.Request, index, what string, body any, page, size int, none func() error, render func([]T) ([]O, error)) error {
	res, err := s.backend.Search(r.Context(), s.idx.Name(index), body)
	if err != nil {
		return fmt.Errorf("search %ss: %w", what, err)
	}
	docs, err := decodeHits[T](res.Hits.Hits, what)
	if err != nil {
		return err
	}
	if res.Hits.Total.Value == 0 && none != nil {
		if err := none(); err != nil {
			return err
		}
	}
	out, err := render(docs)
	if err != nil {
		return err
	}
	next, prev := pageLinks(r, page, size, res.Hits.Total.Value)
	return writePage(w, pageEnvelope{Count: res.Hits.Total.Value, Next: next, Previous: prev, Results: out})
}

// renderEach renders documents one by one, for searchPage.
func renderEach[T, O any](render func(T) O) func([]T) ([]O, error) {
	return func(docs []T) ([]O, error) {
		out := make([]O, 0, len(docs))
		for _, d := range docs {
			out = append(out, render(d))
		}
		return out, nil
	}
}

func decodeHits[T any](hits []search.Hit, what string) ([]T, error) {
	out := make([]T, 0, len(hits))
	for _, h := range hits {
		var d T
		if err := json.Unmarshal(h.Source, &d); err != nil {
			return nil, fmt.Errorf("decode %s %s: %w", what, h.ID, err)
		}
		out = append(out, d)
	}
	return out, nil
}

// writePage writes a page envelope without HTML escaping, so the next and
// previous URLs read as they are (& not \u0026).
func writePage(w http.ResponseWriter, env pageEnvelope) error {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(env); err != nil {
		return fmt.Errorf("encode page: %w", err)
	}
	setPageLinks(w.Header(), env.Next, env.Previous, nil, nil)
	return writeRaw(w, http.StatusOK, "application/json; charset=utf-8", buf.Bytes())
}

// setPageLinks adds RFC 8288 Link headers for the pages of a list: the same
// URLs as the body's next and previous, plus first (and last when known).
func setPageLinks(h http.Header, next, prev, first, last *string) {
	add := func(u *string, rel string) {
		if u != nil && *u != "" {
			h.Add("Link", "<"+*u+`>; rel="`+rel+`"`)
		}
	}
	add(next, "next")
	add(prev, "prev")
	add(first, "first")
	add(last, "last")
}

// pageURL is the request's URL with page set to n (page 1 drops
// the parameter), built like the body's next and previous.
//
// api_key is dropped (a link is copied into logs, bookmarks and Referer
// headers); the link is absolute under Options.PublicBaseURL, else
// relative: the client's Host header is never trusted to build it.
func pageURL(r *http.Request, n int) *string {
	q := r.URL.Query()
	q.Del("api_key")
	if n <= 1 {
		q.Del("page")
	} else {
		q.Set("page", strconv.Itoa(n))
	}
	u := url.URL{Path: r.URL.Path, RawQuery: q.Encode()}
	out := u.String()
	if ci := callInfoFrom(r.Context()); ci != nil && ci.publicBase != "" {
		out = ci.publicBase + out
	}
	return &out
}

// pageTooDeep is the 422 for paging past the result window.
func pageTooDeep(page, size int) *Error {
	e := Errorf(http.StatusUnprocessableEntity, CodePageTooDeep,
		"page %d with page_size %d reaches past the first %d results; narrow the filters or use POST %s for bulk access",
		page, size, maxResultWindow, exportPath)
	e.Details = map[string]any{"max_results": maxResultWindow, "export": exportPath}
	return e
}
