// Package oslookup answers the importers' lookups (postcode points,
// addresses of a postcode, documents of UPRNs) from the aliases already in
// OpenSearch, and deletes documents by id. Request bodies are built from
// typed values and marshalled, never formatted as strings.
package oslookup

import (
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"time"

	"github.com/opensearch-project/opensearch-go/v4"
	"github.com/ukpd/propertyapi/internal/osclient"
	"github.com/ukpd/propertyapi/mappings"
)

// Client reads the aliases prefix+index of one OpenSearch cluster.
type Client struct {
	os     *opensearch.Client
	prefix string
	// ScanPage is the page size of ScanAddresses (ScanPageSize
	// when 0).
	ScanPage int
}

// New returns a client for the cluster at urls (a comma-separated list of
// node URLs, all used, with the shared retries of internal/osclient) and the
// index prefix.
func New(urls, prefix string) (*Client, error) {
	c, err := osclient.New(osclient.Config{URLs: osclient.ParseURLs(urls), RequestTimeout: 60 * time.Second})
	if err != nil {
		return nil, fmt.Errorf("oslookup: %w", err)
	}
	return &Client{os: c, prefix: prefix}, nil
}

// do sends a JSON body and decodes a JSON answer into out. found is false
// when the index does not exist (osclient.ErrIndexMissing).
func (c *Client) do(ctx context.Context, method, path string, body any, ndjson []byte, out any) (found bool, err error) {
	var rd io.Reader
	ctype := "application/json"
	switch {
	case ndjson != nil:
		rd, ctype = bytes.NewReader(ndjson), "application/x-ndjson"
	case body != nil:
		b, err := json.Marshal(body)
		if err != nil {
			return false, fmt.Errorf("encode %s body: %w", path, err)
		}
		rd = bytes.NewReader(b)
	}
	req, err := http.NewRequestWithContext(ctx, method, path, rd)
	if err != nil {
		return false, err
	}
	req.Header.Set("Content-Type", ctype)
	raw, err := osclient.Do(c.os, req)
	if errors.Is(err, osclient.ErrIndexMissing) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	if out != nil {
		if err := json.Unmarshal(raw, out); err != nil {
			return false, fmt.Errorf("%s %s: decode: %w", method, path, err)
		}
	}
	return true, nil
}

func (c *Client) alias(index string) string { return url.PathEscape(c.prefix + index) }

type mgetBody struct {
	IDs []string `json:"ids"`
}

type mgetResp[T any] struct {
	Docs []struct {
		ID     string `json:"_id"`
		Found  bool   `json:"found"`
		Source T      `json:"_source"`
	} `json:"docs"`
}

// Points returns the locations of postcodes (display form ids) in the
// postcodes alias; postcodes not found or without location are absent.
func (c *Client) Points(ctx context.Context, postcodes []string) (map[string]mappings.GeoPoint, error) {
	out := map[string]mappings.GeoPoint{}
	if len(postcodes) == 0 {
		return out, nil
	}
	var r mgetResp[struct {
		Location *mappings.GeoPoint `json:"location"`
	}]
	ok, err := c.do(ctx, http.MethodPost, "/"+c.alias(mappings.IndexPostcodes)+"/_mget?_source=location", mgetBody{IDs: postcodes}, nil, &r)
	if err != nil || !ok {
		return out, err
	}
	for _, d := range r.Docs {
		if d.Found && d.Source.Location != nil {
			out[d.ID] = *d.Source.Location
		}
	}
	return out, nil
}

type termQuery struct {
	Size  int `json:"size"`
	Query struct {
		Term map[string]string `json:"term"`
	} `json:"query"`
}

// Addresses returns the addresses of one postcode (compact key).
func (c *Client) Addresses(ctx context.Context, postcodeKey string) ([]mappings.Address, error) {
	q := termQuery{Size: 1000}
	q.Query.Term = map[string]string{"postcode_key": postcodeKey}
	var r struct {
		Hits struct {
			Hits []struct {
				Source mappings.Address `json:"_source"`
			} `json:"hits"`
		} `json:"hits"`
	}
	ok, err := c.do(ctx, http.MethodPost, "/"+c.alias(mappings.IndexAddresses)+"/_search", q, nil, &r)
	if err != nil || !ok {
		return nil, err
	}
	out := make([]mappings.Address, 0, len(r.Hits.Hits))
	for _, h := range r.Hits.Hits {
		out = append(out, h.Source)
	}
	return out, nil
}

// AddressesOf returns the loaded addresses of many postcodes (compact
// keys) in one _msearch, one search per postcode (as Addresses does);
// postcodes without address are absent from the map.
func (c *Client) AddressesOf(ctx context.Context, keys []string) (map[string][]mappings.Address, error) {
	out := map[string][]mappings.Address{}
	if len(keys) == 0 {
		return out, nil
	}
	var body bytes.Buffer
	for _, k := range keys {
		q := termQuery{Size: 1000}
		q.Query.Term = map[string]string{"postcode_key": k}
		b, err := json.Marshal(q)
		if err != nil {
			return nil, err
		}
		body.WriteString("{}\n")
		body.Write(b)
		body.WriteByte('\n')
	}
	var r struct {
		Responses []struct {
			Error json.RawMessage `json:"error"`
			Hits  struct {
				Hits []struct {
					Source mappings.Address `json:"_source"`
				} `json:"hits"`
			} `json:"hits"`
		} `json:"responses"`
	}
	ok, err := c.do(ctx, http.MethodPost, "/"+c.alias(mappings.IndexAddresses)+"/_msearch", nil, body.Bytes(), &r)
	if err != nil || !ok {
		return out, err
	}
	if len(r.Responses) != len(keys) {
		return nil, fmt.Errorf("_msearch: %d responses for %d postcodes", len(r.Responses), len(keys))
	}
	for i, resp := range r.Responses {
		if len(resp.Error) > 0 && string(resp.Error) != "null" {
			return nil, fmt.Errorf("_msearch addresses of %s: %s", keys[i], resp.Error)
		}
		for _, h := range resp.Hits.Hits {
			out[keys[i]] = append(out[keys[i]], h.Source)
		}
	}
	return out, nil
}

// UPRNDocs returns the address and property documents of UPRNs.
func (c *Client) UPRNDocs(ctx context.Context, uprns []int64) (map[int64]mappings.Address, map[int64]mappings.Property, error) {
	ids := make([]string, len(uprns))
	for i, u := range uprns {
		ids[i] = strconv.FormatInt(u, 10)
	}
	addrs, props := map[int64]mappings.Address{}, map[int64]mappings.Property{}
	var ra mgetResp[mappings.Address]
	if ok, err := c.do(ctx, http.MethodPost, "/"+c.alias(mappings.IndexAddresses)+"/_mget", mgetBody{IDs: ids}, nil, &ra); err != nil {
		return nil, nil, err
	} else if ok {
		for _, d := range ra.Docs {
			if d.Found {
				addrs[d.Source.UPRN] = d.Source
			}
		}
	}
	var rp mgetResp[mappings.Property]
	if ok, err := c.do(ctx, http.MethodPost, "/"+c.alias(mappings.IndexProperties)+"/_mget", mgetBody{IDs: ids}, nil, &rp); err != nil {
		return nil, nil, err
	} else if ok {
		for _, d := range rp.Docs {
			if d.Found {
				props[d.Source.UPRN] = d.Source
			}
		}
	}
	return addrs, props, nil
}

// Delete removes documents by id from the alias of index (which must point
// at one index) and refreshes it. It returns how many were deleted.
func (c *Client) Delete(ctx context.Context, index string, ids []string) (int, error) {
	deleted := 0
	for start := 0; start < len(ids); start += 1000 {
		var buf bytes.Buffer
		enc := json.NewEncoder(&buf)
		for _, id := range ids[start:min(start+1000, len(ids))] {
			type meta struct {
				Index string `json:"_index"`
				ID    string `json:"_id"`
			}
			if err := enc.Encode(map[string]meta{"delete": {c.prefix + index, id}}); err != nil {
				return deleted, err
			}
		}
		var r struct {
			Items []map[string]struct {
				Result string `json:"result"`
				Status int    `json:"status"`
			} `json:"items"`
		}
		if _, err := c.do(ctx, http.MethodPost, "/_bulk?refresh=true", nil, buf.Bytes(), &r); err != nil {
			return deleted, fmt.Errorf("delete from %s: %w", index, err)
		}
		for _, it := range r.Items {
			if it["delete"].Result == "deleted" {
				deleted++
			}
		}
	}
	return deleted, nil
}

// AddressPoints calls fn with the UPRN and location of every address inside
// the box, paging by UPRN (search_after). A missing addresses alias yields
// nothing.
func (c *Client) AddressPoints(ctx context.Context, minLat, minLon, maxLat, maxLon float64, fn func(uprn int64, loc mappings.GeoPoint)) error {
	var after []any
	for {
		q := map[string]any{
			"size":    5000,
			"_source": []string{"uprn", "location"},
			"query": map[string]any{"bool": map[string]any{"filter": []any{map[string]any{"geo_bounding_box": map[string]any{
				"location": map[string]any{"top_left": map[string]float64{"lat": maxLat, "lon": minLon}, "bottom_right": map[string]float64{"lat": minLat, "lon": maxLon}},
			}}}}},
			"sort": []any{map[string]string{"uprn": "asc"}},
		}
		if after != nil {
			q["search_after"] = after
		}
		var r struct {
			Hits struct {
				Hits []struct {
					Source struct {
						UPRN     int64              `json:"uprn"`
						Location *mappings.GeoPoint `json:"location"`
					} `json:"_source"`
					Sort []any `json:"sort"`
				} `json:"hits"`
			} `json:"hits"`
		}
		ok, err := c.do(ctx, http.MethodPost, "/"+c.alias(mappings.IndexAddresses)+"/_search", q, nil, &r)
		if err != nil || !ok {
			return err
		}
		for _, h := range r.Hits.Hits {
			if h.Source.Location != nil {
				fn(h.Source.UPRN, *h.Source.Location)
			}
		}
		if len(r.Hits.Hits) < 5000 {
			return nil
		}
		after = r.Hits.Hits[len(r.Hits.Hits)-1].Sort
	}
}

// ErrStopScan, returned by the callback of ScanAddresses, ends the
// scan early without error.
var ErrStopScan = errors.New("stop scan")

// scanFields are the address fields the Price Paid matcher reads.
var scanFields = []string{
	mappings.AddressFieldUPRN, mappings.AddressFieldPostcodeKey, mappings.AddressFieldSubBuilding,
	mappings.AddressFieldBuildingName, mappings.AddressFieldBuildingNumber, mappings.AddressFieldStreetName,
	mappings.AddressFieldLocation,
}

type pitID struct {
	ID        string `json:"id"`
	KeepAlive string `json:"keep_alive"`
}

// ScanPageSize is the number of addresses one page of ScanAddresses reads
// unless Client.ScanPage says otherwise.
const ScanPageSize = 5000

type postcodeRange struct {
	Range map[string]keyBounds `json:"range"`
}

type keyBounds struct {
	GTE string `json:"gte,omitempty"`
	LTE string `json:"lte,omitempty"`
}

type uprnBounds struct {
	GTE int64 `json:"gte"`
	LTE int64 `json:"lte"`
}

// scanPage is one page of a scan.
type scanPage struct {
	Size        int                 `json:"size"`
	Source      any                 `json:"_source"`
	Query       any                 `json:"query"`
	Sort        []map[string]string `json:"sort"`
	PIT         pitID               `json:"pit"`
	SearchAfter []any               `json:"search_after,omitempty"`
	TrackTotal  bool                `json:"track_total_hits"`
}

// ScanAddresses reads the addresses alias once, calling fn with each
// address whose postcode key lies in [fromKey, toKey] (an empty bound is
// open), with the fields the Price Paid matcher reads (see scan for how
// it reads). The order is not the postcode order: the caller sorts. fn
// returning ErrStopScan ends the scan without error. A missing alias
// yields nothing.
func (c *Client) ScanAddresses(ctx context.Context, fromKey, toKey string, fn func(a mappings.Address) error) error {
	q := postcodeRange{Range: map[string]keyBounds{mappings.AddressFieldPostcodeKey: {GTE: fromKey, LTE: toKey}}}
	return c.scan(ctx, mappings.IndexAddresses, q, scanFields, func(_ string, src json.RawMessage) error {
		var a mappings.Address
		if err := json.Unmarshal(src, &a); err != nil {
			return fmt.Errorf("scan addresses: decode: %w", err)
		}
		return fn(a)
	})
}

// ScanUPRNDocs reads the alias of index (addresses or properties: the
// indices keyed by UPRN) once, calling fn with the UPRN (the document id)
// and the whole source of each document whose uprn lies in [from, to], in
// no particular order (see scan). os-open-uprn's join sorts them. A
// missing alias yields nothing; a document whose id is not a UPRN is
// passed over.
func (c *Client) ScanUPRNDocs(ctx context.Context, index string, from, to int64, fn func(uprn int64, src []byte) error) error {
	return c.scan(ctx, index, uprnRangeQuery(from, to), true, func(id string, src json.RawMessage) error {
		u, err := strconv.ParseInt(id, 10, 64)
		if err != nil {
			return nil
		}
		return fn(u, src)
	})
}

// scanHit is one document of a scan page.
type scanHit struct {
	ID     string          `json:"_id"`
	Source json.RawMessage `json:"_source"`
	Sort   []any           `json:"sort"`
}

// scan reads the alias of index once, calling fn with the id and source
// (restricted to source, or true for all of it) of every document the
// query matches: a point in time paged with search_after in index order
// (_doc), so the read is consistent and the engine reads its stored
// documents sequentially (a read sorted by a field decompresses a block
// of the best_compression index for nearly every document: the Price Paid
// join took 8x longer so, see docs/importers.md). The next page is
// fetched while fn handles the current one, so the engine and the caller
// work at the same time. fn returning ErrStopScan ends the scan without
// error. A missing alias yields nothing.
func (c *Client) scan(ctx context.Context, index string, query, source any, fn func(id string, src json.RawMessage) error) error {
	var pit struct {
		PitID string `json:"pit_id"`
	}
	ok, err := c.do(ctx, http.MethodPost, "/"+c.alias(index)+"/_search/point_in_time?keep_alive=5m", nil, nil, &pit)
	if err != nil || !ok {
		return err
	}
	q := scanPage{
		Size:   cmp.Or(c.ScanPage, ScanPageSize),
		Source: source,
		Query:  query,
		Sort:   []map[string]string{{"_doc": "asc"}},
		PIT:    pitID{ID: pit.PitID, KeepAlive: "5m"},
	}
	type page struct {
		hits []scanHit
		err  error
	}
	pages := make(chan page, 1)
	fctx, cancel := context.WithCancel(ctx)
	done := make(chan struct{})
	go func() { // the fetcher: one page ahead of fn
		defer close(done)
		defer close(pages)
		for {
			var r struct {
				PitID string `json:"pit_id"`
				Hits  struct {
					Hits []scanHit `json:"hits"`
				} `json:"hits"`
			}
			_, err := c.do(fctx, http.MethodPost, "/_search", q, nil, &r)
			if err == nil && r.PitID != "" {
				q.PIT.ID = r.PitID
			}
			select {
			case pages <- page{r.Hits.Hits, err}:
			case <-fctx.Done():
				return
			}
			if err != nil || len(r.Hits.Hits) < q.Size {
				return
			}
			q.SearchAfter = r.Hits.Hits[len(r.Hits.Hits)-1].Sort
		}
	}()
	defer func() {
		cancel()
		<-done // the fetcher is gone: q.PIT.ID is final
		dctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 30*time.Second)
		defer cancel()
		_, _ = c.do(dctx, http.MethodDelete, "/_search/point_in_time", map[string][]string{"pit_id": {q.PIT.ID}}, nil, nil)
	}()
	for p := range pages {
		if p.err != nil {
			return fmt.Errorf("scan %s: %w", index, p.err)
		}
		for _, h := range p.hits {
			if err := fn(h.ID, h.Source); err != nil {
				return stopped(err)
			}
		}
	}
	return ctx.Err() // the fetcher stops without a page when ctx ends
}

func stopped(err error) error {
	if errors.Is(err, ErrStopScan) {
		return nil
	}
	return err
}

type uprnRange struct {
	Range map[string]uprnBounds `json:"range"`
}

func uprnRangeQuery(from, to int64) uprnRange {
	return uprnRange{map[string]uprnBounds{mappings.AddressFieldUPRN: {GTE: from, LTE: to}}}
}

// CountUPRNs returns the number of documents of the alias of index whose
// uprn lies in [from, to] (0 when the alias does not exist).
func (c *Client) CountUPRNs(ctx context.Context, index string, from, to int64) (int64, error) {
	var r struct {
		Count int64 `json:"count"`
	}
	_, err := c.do(ctx, http.MethodPost, "/"+c.alias(index)+"/_count", struct {
		Query uprnRange `json:"query"`
	}{uprnRangeQuery(from, to)}, nil, &r)
	return r.Count, err
}

// Count returns the number of documents in the alias of index (0 when it
// does not exist).
func (c *Client) Count(ctx context.Context, index string) (int64, error) {
	var r struct {
		Count int64 `json:"count"`
	}
	_, err := c.do(ctx, http.MethodGet, "/"+c.alias(index)+"/_count", nil, nil, &r)
	return r.Count, err
}
