package importer

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"strconv"

	"github.com/ukpd/propertyapi/mappings"
)

// uprnPoint is one OS Open UPRN row.
type uprnPoint struct {
	uprn int64
	pt   mappings.GeoPoint
}

// readOpenUPRN streams an OS Open UPRN CSV (UPRN, X_COORDINATE,
// Y_COORDINATE, LATITUDE, LONGITUDE). LATITUDE/LONGITUDE are used when
// present; otherwise X/Y are converted from the National Grid.
func readOpenUPRN(path string, rep *Report, each func(uprnPoint) error) error {
	cf, h, err := openWithHeader(path)
	if err != nil {
		return err
	}
	defer cf.Close()
	iu, ix, iy, ila, ilo := h.index("uprn"), h.index("x-coordinate"), h.index("y-coordinate"), h.index("latitude"), h.index("longitude")
	if iu < 0 || (ila < 0 && ix < 0) {
		return fmt.Errorf("%s: need UPRN and LATITUDE/LONGITUDE or X_COORDINATE/Y_COORDINATE columns", path)
	}
	// No cancellation check inside a file: the callers check between batches.
	return eachRecord(context.Background(), cf, rep, func(rec []string, line int) error {
		u, err := strconv.ParseInt(get(rec, iu), 10, 64)
		if err != nil || u <= 0 {
			rep.reject(cf.name, line, "invalid UPRN %q", get(rec, iu))
			return nil
		}
		lat, e1 := strconv.ParseFloat(get(rec, ila), 64)
		lon, e2 := strconv.ParseFloat(get(rec, ilo), 64)
		if e1 != nil || e2 != nil {
			x, e3 := strconv.ParseFloat(get(rec, ix), 64)
			y, e4 := strconv.ParseFloat(get(rec, iy), 64)
			if e3 != nil || e4 != nil || !validBNG(x, y) {
				rep.reject(cf.name, line, "UPRN %d: no usable coordinates", u)
				return nil
			}
			lat, lon = BNGToWGS84(x, y)
			lat, lon = round6(lat), round6(lon)
		}
		if lat < 49 || lat > 61.5 || lon < -8.9 || lon > 2.1 {
			rep.reject(cf.name, line, "UPRN %d: lat/long %v,%v outside Great Britain", u, lat, lon)
			return nil
		}
		return each(uprnPoint{u, mappings.GeoPoint{Lat: lat, Lon: lon}})
	})
}

// ReadUPRNCoords reads OS Open UPRN files and keeps the points of the
// wanted UPRNs (all when want is nil), for the EPC importer.
func ReadUPRNCoords(files []string, want map[int64]bool) (map[int64]mappings.GeoPoint, *Report, error) {
	rep := newReport("os-open-uprn", files)
	out := map[int64]mappings.GeoPoint{}
	for _, path := range files {
		if err := readOpenUPRN(path, rep, func(p uprnPoint) error {
			if want == nil || want[p.uprn] {
				out[p.uprn] = p.pt
			}
			return nil
		}); err != nil {
			return nil, rep, err
		}
	}
	return out, rep, nil
}

// coordJoin gives the EPC importer the OS Open UPRN point of each UPRN it
// builds, asked in ascending UPRN order: the files are sorted by UPRN with
// an external sort and merged with the requests, so a national file (~41M
// points) takes no more memory than the sort's buffer. A later row of the
// same UPRN wins. env.UPRNCoords (a map) is used as it is when given.
type coordJoin struct {
	m        map[int64]mappings.GeoPoint
	s        *extSorter
	it       *mergeIter
	rep      *Report
	crep     *Report
	cur      uprnPoint
	have     bool
	want     int
	located  int
	withFile bool
}

func newCoordJoin(ctx context.Context, env Env, rep *Report) (*coordJoin, error) {
	j := &coordJoin{m: env.UPRNCoords, rep: rep}
	if len(env.UPRNCoordsFiles) == 0 {
		return j, nil
	}
	j.withFile = true
	s, err := newExtSorter(env.TempDir, env.SortMemory, &rep.spill)
	if err != nil {
		return nil, err
	}
	j.s = s
	j.crep = newReport("os-open-uprn", env.UPRNCoordsFiles)
	var seq uint64
	var k [16]byte
	var v [16]byte
	for _, path := range env.UPRNCoordsFiles {
		if err := readOpenUPRN(path, j.crep, func(p uprnPoint) error {
			seq++
			binary.BigEndian.PutUint64(k[:8], uint64(p.uprn))
			binary.BigEndian.PutUint64(k[8:], seq)
			binary.BigEndian.PutUint64(v[:8], math.Float64bits(p.pt.Lat))
			binary.BigEndian.PutUint64(v[8:], math.Float64bits(p.pt.Lon))
			if seq%50000 == 0 {
				if err := ctx.Err(); err != nil {
					return err
				}
			}
			return s.add(k[:], v[:])
		}); err != nil {
			s.close()
			return nil, err
		}
	}
	if j.it, err = s.open(); err != nil {
		s.close()
		return nil, err
	}
	return j, j.advance()
}

func (j *coordJoin) advance() error {
	k, v, ok, err := j.it.next()
	if err != nil || !ok {
		j.have = false
		return err
	}
	j.have = true
	j.cur = uprnPoint{int64(binary.BigEndian.Uint64(k[:8])), mappings.GeoPoint{
		Lat: math.Float64frombits(binary.BigEndian.Uint64(v[:8])),
		Lon: math.Float64frombits(binary.BigEndian.Uint64(v[8:])),
	}}
	return nil
}

// point returns the location of u (nil when the file has none); u must
// not be smaller than the previous request.
func (j *coordJoin) point(u int64) (*mappings.GeoPoint, error) {
	j.want++
	if !j.withFile {
		if p, ok := j.m[u]; ok {
			j.located++
			return &p, nil
		}
		return nil, nil
	}
	var found *mappings.GeoPoint
	for j.have && j.cur.uprn <= u {
		if j.cur.uprn == u {
			p := j.cur.pt
			found = &p
		}
		if err := j.advance(); err != nil {
			return nil, err
		}
	}
	if found != nil {
		j.located++
	}
	return found, nil
}

// finish notes what the join found.
func (j *coordJoin) finish() error {
	if !j.withFile {
		return nil
	}
	if j.crep.Rejected > 0 {
		j.rep.note("%d OS Open UPRN rows unusable (first: %s:%d: %s)", j.crep.Rejected, j.crep.Rejects[0].File, j.crep.Rejects[0].Line, j.crep.Rejects[0].Reason)
	}
	j.rep.note("%d of %d UPRNs located from OS Open UPRN", j.located, j.want)
	return nil
}

func (j *coordJoin) close() {
	if j == nil {
		return
	}
	if j.it != nil {
		j.it.close()
	}
	j.s.close()
}

// ImportOSOpenUPRN locates address and property documents already loaded:
// for each UPRN of the file that has documents (env.UPRNDocs), it sets
// their location and adds them again (merge the output into the current
// indices). UPRNs without documents are counted as skipped: OS Open UPRN
// carries no address to build one from.
func ImportOSOpenUPRN(ctx context.Context, env Env, files []string, sink Sink) (*Report, error) {
	rep := newReport("os-open-uprn", files)
	if env.UPRNDocs == nil {
		return rep, errors.New("os-open-uprn: a UPRN document lookup is required (load addresses first; use --merge)")
	}
	em := emitter{sink, rep}
	var batch []uprnPoint
	flush := func() error {
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
		for _, p := range batch {
			pt := p.pt
			id := strconv.FormatInt(p.uprn, 10)
			a, okA := addrs[p.uprn]
			pr, okP := props[p.uprn]
			if !okA && !okP {
				rep.skip("UPRN without address or property document")
				continue
			}
			if okA {
				a.Location = &pt
				if err := em.add(mappings.IndexAddresses, id, a); err != nil {
					return err
				}
			}
			if okP {
				pr.Location = &pt
				if err := em.add(mappings.IndexProperties, id, pr); err != nil {
					return err
				}
			}
		}
		batch = batch[:0]
		return ctx.Err()
	}
	for _, path := range files {
		if err := readOpenUPRN(path, rep, func(p uprnPoint) error {
			batch = append(batch, p)
			if len(batch) >= 1000 {
				return flush()
			}
			return nil
		}); err != nil {
			return rep, err
		}
	}
	return rep, flush()
}
