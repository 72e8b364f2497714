package importer

import (
	"context"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"time"

	"github.com/ukpd/propertyapi/indexer/extsort"
	"github.com/ukpd/propertyapi/mappings"
)

// joinDocsPerPoint: in auto mode, os-open-uprn joins when the loaded
// address and property documents of the file's UPRN range are at most
// joinDocsPerPoint times the file's points. Measured on the same engine
// at 1/20 of the national size (docs/importers.md, "os-open-uprn"): the
// lookups took ~0.10 ms a point (one _mget pair per 1,000, the index in
// the page cache), the join ~0.046 ms a document read (everything
// included), so they break even near 2 documents a point; lookups only
// get slower when the index outgrows the memory. The national file (41 M
// points against ~38 M documents) joins; a few thousand points against a
// national index look up.
const joinDocsPerPoint = 2

// chooseJoin says whether an import of rows rows joins (mode MatchJoin),
// looks up (MatchLookup), or, in auto mode, joins when rows*perRow
// reaches the count of what the join would read. canLookup false forces
// the join; count nil counts as nothing loaded.
func chooseJoin(ctx context.Context, mode string, canLookup bool, count func(context.Context) (int64, error), rows, perRow int) (bool, error) {
	switch {
	case mode == MatchJoin || !canLookup:
		return true, nil
	case mode == MatchLookup:
		return false, nil
	case count == nil:
		return true, nil
	}
	n, err := count(ctx)
	if err != nil {
		return false, fmt.Errorf("count the loaded documents: %w", err)
	}
	return int64(rows)*int64(perRow) >= n, nil
}

// uprnLocator writes the located documents of os-open-uprn.
type uprnLocator struct {
	em emitter
}

const skipNoUPRNDoc = "UPRN without address or property document"

// locate writes a UPRN's address and property (either may be nil) with
// the point; rows is the number of file rows of the UPRN (skipped when it
// has no document).
func (l uprnLocator) locate(u int64, pt mappings.GeoPoint, a *mappings.Address, p *mappings.Property, rows int) error {
	if a == nil && p == nil {
		l.em.rep.Skipped[skipNoUPRNDoc] += rows
		return nil
	}
	id := strconv.FormatInt(u, 10)
	if a != nil {
		a.Location = &pt
		if err := l.em.add(mappings.IndexAddresses, id, *a); err != nil {
			return err
		}
	}
	if p != nil {
		p.Location = &pt
		if err := l.em.add(mappings.IndexProperties, id, *p); err != nil {
			return err
		}
	}
	return nil
}

// lookup locates a batch of points by one env.UPRNDocs call (an _mget
// pair); rows[i] is the row count of batch[i] (nil: one each).
func (l uprnLocator) lookup(ctx context.Context, env Env, batch []uprnPoint, rows []int) error {
	if len(batch) == 0 {
		return nil
	}
	ids := make([]int64, len(batch))
	for i, p := range batch {
		ids[i] = p.uprn
	}
	addrs, props, err := env.UPRNDocs(ctx, ids)
	if err != nil {
		return fmt.Errorf("look up UPRN documents: %w", err)
	}
	for i, p := range batch {
		var a *mappings.Address
		var pr *mappings.Property
		if d, ok := addrs[p.uprn]; ok {
			a = &d
		}
		if d, ok := props[p.uprn]; ok {
			pr = &d
		}
		n := 1
		if rows != nil {
			n = rows[i]
		}
		if err := l.locate(p.uprn, p.pt, a, pr, n); err != nil {
			return err
		}
	}
	return ctx.Err()
}

// ImportOSOpenUPRN locates address and property documents already loaded:
// for each UPRN of the file that has documents, it sets their location and
// adds them again (merge the output into the current indices). UPRNs
// without documents are counted as skipped: OS Open UPRN carries no
// address to build one from.
//
// Two ways to find the documents (env.MatchMode, as for ppd): MatchLookup
// streams the file and fetches each batch of 1,000 UPRNs' documents
// (env.UPRNDocs, an _mget pair); MatchJoin sorts the points by UPRN
// externally, reads the loaded documents of the file's UPRN range once
// (env.UPRNDocScan), sorts them by UPRN externally too (compressed runs)
// and merges the two. MatchAuto sorts the points, counts them, and joins
// when the loaded documents (env.UPRNDocCount) are at most
// joinDocsPerPoint a point, else looks the sorted points up. The
// documents written are the same either way; the join writes them in
// UPRN order and each UPRN once (a repeated UPRN's last row wins, as it
// does in the index after the lookups).
func ImportOSOpenUPRN(ctx context.Context, env Env, files []string, sink Sink) (*Report, error) {
	rep := newReport("os-open-uprn", files)
	if env.UPRNDocs == nil && env.UPRNDocScan == nil {
		return rep, errors.New("os-open-uprn: a UPRN document lookup is required (load addresses first; use --merge)")
	}
	l := uprnLocator{emitter{sink, rep}}
	if env.UPRNDocScan == nil || (env.MatchMode == MatchLookup && env.UPRNDocs != nil) {
		var batch []uprnPoint
		for _, path := range files {
			if err := readOpenUPRN(path, rep, func(p uprnPoint) error {
				if batch = append(batch, p); len(batch) >= 1000 {
					err := l.lookup(ctx, env, batch, nil)
					batch = batch[:0]
					return err
				}
				return nil
			}); err != nil {
				return rep, err
			}
		}
		return rep, l.lookup(ctx, env, batch, nil)
	}
	ps, err := sortUPRNPoints(ctx, env, files, rep, rep)
	if err != nil {
		return rep, err
	}
	defer ps.close()
	var count func(context.Context) (int64, error)
	if env.UPRNDocCount != nil {
		count = func(ctx context.Context) (int64, error) { return env.UPRNDocCount(ctx, ps.min, ps.max) }
	}
	join, err := chooseJoin(ctx, env.MatchMode, env.UPRNDocs != nil, count, ps.n, joinDocsPerPoint)
	if err != nil {
		return rep, err
	}
	if join {
		return rep, joinUPRNDocs(ctx, env, ps, l)
	}
	it, err := ps.iter()
	if err != nil {
		return rep, err
	}
	defer it.close()
	var batch []uprnPoint
	var rows []int
	for {
		p, n, ok, err := it.point()
		if err != nil {
			return rep, err
		}
		if ok {
			batch, rows = append(batch, p), append(rows, n)
		}
		if len(batch) >= 1000 || (!ok && len(batch) > 0) {
			if err := l.lookup(ctx, env, batch, rows); err != nil {
				return rep, err
			}
			batch, rows = batch[:0], rows[:0]
		}
		if !ok {
			return rep, nil
		}
	}
}

// uprnDocIndices are the indices os-open-uprn locates, in the order a
// UPRN's documents are written (the tag byte of the join's sort key).
var uprnDocIndices = []string{mappings.IndexAddresses, mappings.IndexProperties}

// joinUPRNDocs reads the loaded documents of the points' UPRN range once,
// sorts them by UPRN and index (compressed runs under env.TempDir), and
// merges them with the sorted points. Memory: the two sorts' buffers and
// one UPRN's documents.
func joinUPRNDocs(ctx context.Context, env Env, ps *pointSort, l uprnLocator) error {
	ds, err := extsort.New(env.TempDir, env.SortMemory, &l.em.rep.spill)
	if err != nil {
		return err
	}
	defer ds.Close()
	ds.Compress = true
	var key [9]byte
	read, start := 0, time.Now()
	for tag, ix := range uprnDocIndices {
		if ps.n == 0 {
			break
		}
		err := env.UPRNDocScan(ctx, ix, ps.min, ps.max, func(u int64, src []byte) error {
			if read++; read%50000 == 0 {
				if err := ctx.Err(); err != nil {
					return err
				}
			}
			binary.BigEndian.PutUint64(key[:8], uint64(u))
			key[8] = byte(tag)
			return ds.Add(key[:], src)
		})
		if err != nil {
			return fmt.Errorf("read the loaded %s: %w", ix, err)
		}
	}
	l.em.rep.note("joined: %d loaded documents of UPRNs %d-%d read once in %.1f s", read, ps.min, ps.max, time.Since(start).Seconds())
	docs, err := ds.Open()
	if err != nil {
		return err
	}
	defer docs.Close()
	pts, err := ps.iter()
	if err != nil {
		return err
	}
	defer pts.close()
	dk, dv, dok, err := docs.Next()
	for n := 1; err == nil; n++ {
		p, rows, ok, perr := pts.point()
		if perr != nil || !ok {
			return perr
		}
		for dok && int64(binary.BigEndian.Uint64(dk[:8])) < p.uprn {
			if dk, dv, dok, err = docs.Next(); err != nil {
				return err
			}
		}
		var a *mappings.Address
		var pr *mappings.Property
		for dok && int64(binary.BigEndian.Uint64(dk[:8])) == p.uprn {
			switch uprnDocIndices[dk[8]] {
			case mappings.IndexAddresses:
				a = &mappings.Address{}
				err = json.Unmarshal(dv, a)
			default:
				pr = &mappings.Property{}
				err = json.Unmarshal(dv, pr)
			}
			if err != nil {
				return fmt.Errorf("join: decode the document of UPRN %d: %w", p.uprn, err)
			}
			if dk, dv, dok, err = docs.Next(); err != nil {
				return err
			}
		}
		if err = l.locate(p.uprn, p.pt, a, pr, rows); err == nil && n%50000 == 0 {
			err = ctx.Err()
		}
	}
	return err
}
