package importer

import (
	"context"
	"encoding/binary"
	"fmt"
	"math"
	"strconv"

	"github.com/ukpd/propertyapi/indexer/extsort"
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

// pointSort is OS Open UPRN files sorted by UPRN with an external sort
// (key: UPRN and row number, so a later row of a UPRN comes after an
// earlier one; value: the point), so that a national file (~41M points)
// takes no more memory than the sort's buffer.
type pointSort struct {
	s        *extsort.Sorter
	n        int   // points sorted
	min, max int64 // their smallest and largest UPRN
}

// sortUPRNPoints reads the files (rejects go to frep) into a pointSort
// whose runs count in rep's temporary disk.
func sortUPRNPoints(ctx context.Context, env Env, files []string, rep, frep *Report) (*pointSort, error) {
	s, err := extsort.New(env.TempDir, env.SortMemory, &rep.spill)
	if err != nil {
		return nil, err
	}
	ps := &pointSort{s: s}
	var seq uint64
	var k, v [16]byte
	for _, path := range files {
		if err := readOpenUPRN(path, frep, func(p uprnPoint) error {
			seq++
			if ps.n == 0 || p.uprn < ps.min {
				ps.min = p.uprn
			}
			ps.max = max(ps.max, p.uprn)
			ps.n++
			binary.BigEndian.PutUint64(k[:8], uint64(p.uprn))
			binary.BigEndian.PutUint64(k[8:], seq)
			binary.BigEndian.PutUint64(v[:8], math.Float64bits(p.pt.Lat))
			binary.BigEndian.PutUint64(v[8:], math.Float64bits(p.pt.Lon))
			if seq%50000 == 0 {
				if err := ctx.Err(); err != nil {
					return err
				}
			}
			return s.Add(k[:], v[:])
		}); err != nil {
			s.Close()
			return nil, err
		}
	}
	return ps, nil
}

func (ps *pointSort) close() {
	if ps != nil {
		ps.s.Close()
	}
}

// pointIter reads a pointSort once in UPRN order, one UPRN at a time.
type pointIter struct {
	it   *extsort.Iter
	next uprnPoint // the row after the UPRN returned last
	have bool
}

func (ps *pointSort) iter() (*pointIter, error) {
	it, err := ps.s.Open()
	if err != nil {
		return nil, err
	}
	pi := &pointIter{it: it}
	return pi, pi.advance()
}

func (pi *pointIter) advance() error {
	k, v, ok, err := pi.it.Next()
	if err != nil || !ok {
		pi.have = false
		return err
	}
	pi.have = true
	pi.next = uprnPoint{int64(binary.BigEndian.Uint64(k[:8])), mappings.GeoPoint{
		Lat: math.Float64frombits(binary.BigEndian.Uint64(v[:8])),
		Lon: math.Float64frombits(binary.BigEndian.Uint64(v[8:])),
	}}
	return nil
}

// point returns the next UPRN with the point of its last row in file
// order and the number of rows it had; ok is false at the end.
func (pi *pointIter) point() (p uprnPoint, rows int, ok bool, err error) {
	if !pi.have {
		return p, 0, false, nil
	}
	p = pi.next
	for pi.have && pi.next.uprn == p.uprn {
		p, rows = pi.next, rows+1
		if err := pi.advance(); err != nil {
			return p, rows, false, err
		}
	}
	return p, rows, true, nil
}

func (pi *pointIter) close() {
	if pi != nil {
		pi.it.Close()
	}
}

// coordJoin gives the EPC importer the OS Open UPRN point of each UPRN it
// builds, asked in ascending UPRN order: the files are sorted by UPRN
// (pointSort) and merged with the requests. A later row of the same UPRN
// wins. env.UPRNCoords (a map) is used as it is when given.
type coordJoin struct {
	m        map[int64]mappings.GeoPoint
	ps       *pointSort
	it       *pointIter
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
	j.crep = newReport("os-open-uprn", env.UPRNCoordsFiles)
	ps, err := sortUPRNPoints(ctx, env, env.UPRNCoordsFiles, rep, j.crep)
	if err != nil {
		return nil, err
	}
	j.ps = ps
	if j.it, err = ps.iter(); err != nil {
		ps.close()
		return nil, err
	}
	return j, j.advance()
}

func (j *coordJoin) advance() error {
	p, _, ok, err := j.it.point()
	j.cur, j.have = p, ok
	return err
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
	for j.have && j.cur.uprn < u {
		if err := j.advance(); err != nil {
			return nil, err
		}
	}
	if j.have && j.cur.uprn == u {
		j.located++
		p := j.cur.pt
		return &p, nil
	}
	return nil, nil
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
	j.it.close()
	j.ps.close()
}
