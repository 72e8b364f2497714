package importer

// BLM, the bulk listing file UK estate-agency software exports to portals
// (Rightmove's BLM format, version 3): a #HEADER# section of "Key : value"
// lines (Version, EOF = the field delimiter, EOR = the record end, Property
// Count, Generated Date), a #DEFINITION# section naming the fields (EOF
// between names, EOR at the end), a #DATA# section of records in that order,
// and #END#. Fields used: AGENT_REF, BRANCH_ID, STATUS_ID (0 Available,
// 1 SSTC, 2 SSTCM, 3 Under Offer, 4 Reserved, 5 Let Agreed), BEDROOMS,
// BATHROOMS, LIVING_ROOMS, PRICE, PRICE_QUALIFIER, PROP_SUB_ID (the
// portal's property type code), CREATE_DATE, UPDATE_DATE ("YYYY-MM-DD
// HH:MM:SS"), DISPLAY_ADDRESS, ADDRESS_1.., TOWN, POSTCODE1, POSTCODE2,
// PUBLISHED_FLAG, LET_RENT_FREQUENCY (0 weekly, 1 monthly, 2 quarterly,
// 3 annual, 5 per person per week), TRANS_TYPE_ID (1 resale, 2 lettings),
// TENURE_TYPE_ID, NEW_HOME_FLAG, SUMMARY, DESCRIPTION, MEDIA_IMAGE_nn.
//
// A BLM file is a snapshot of a branch's stock. Given several snapshots,
// the importer orders them by Generated Date and derives each listing's
// lifecycle events from the differences: first appearance (Added), price
// moves (Reduced, Price Increased), status changes (Under offer, Sold STC,
// Sold STCM, Let agreed, Sale Cancelled when an agreed listing returns to
// Available) and disappearance from a later snapshot of the same branch
// (Withdrawn: a feed cannot tell a completion from a withdrawal). Every
// transition is checked against the lifecycle rules of mappings.NextState.

import (
	"bufio"
	"bytes"
	"context"
	"crypto/sha1"
	"fmt"
	"hash/fnv"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/ukpd/propertyapi/mappings"
)

// BLMSource is the portal label of listings loaded from BLM files.
const BLMSource = "Agent feed (BLM)"

var blmStatus = map[string]struct {
	status, event string
	sale          bool // a sale status (false: lettings only)
}{
	"0": {"", "", true}, // Available: For sale / To let
	"1": {"Sold STC", mappings.EventSoldSTC, true},
	"2": {"Sold STCM", mappings.EventSoldSTCM, true},
	"3": {"Under offer", mappings.EventUnderOffer, true},
	"4": {"Under offer", mappings.EventUnderOffer, true}, // Reserved
	"5": {"Let agreed", mappings.EventLetAgreed, false},
}

// blmPropTypes maps PROP_SUB_ID to our property type (and the portal's
// wording, kept as listing_property_type).
var blmPropTypes = map[string][2]string{
	"1": {"Terraced", "Terraced house"}, "2": {"Terraced", "End of terrace house"}, "3": {"Semi-Detached", "Semi-detached house"},
	"4": {"Detached", "Detached house"}, "5": {"Terraced", "Mews house"}, "6": {"Terraced", "Cluster house"},
	"7": {"Flat", "Ground floor flat"}, "8": {"Flat", "Flat"}, "9": {"Flat", "Studio flat"}, "10": {"Flat", "Ground floor maisonette"},
	"11": {"Flat", "Maisonette"}, "12": {"Bungalow", "Bungalow"}, "13": {"Bungalow", "Terraced bungalow"},
	"14": {"Bungalow", "Semi-detached bungalow"}, "15": {"Bungalow", "Detached bungalow"}, "21": {"Detached", "Link detached house"},
	"22": {"Terraced", "Town house"}, "23": {"Detached", "Cottage"}, "26": {"Detached", "House"}, "28": {"Flat", "Apartment"},
	"29": {"Flat", "Penthouse"}, "43": {"Detached", "Barn conversion"}, "44": {"Flat", "Serviced apartment"},
	"46": {"Flat", "Sheltered housing"}, "47": {"Flat", "Retirement property"}, "52": {"Detached", "Farm house"},
}

var blmTenure = map[string]string{"1": "Freehold", "2": "Leasehold", "3": "Feudal", "4": "Commonhold", "5": "Share of Freehold"}

// blmRecord is one data row of one snapshot.
type blmRecord struct {
	f         map[string]string
	file      string
	line      int
	generated time.Time
}

type blmSnapshot struct {
	name      string
	generated time.Time
	branches  map[string]bool
	records   []blmRecord
}

// ImportBLM reads BLM snapshots into listings and sale_events. With
// env.Points, listings get their postcode's location.
func ImportBLM(ctx context.Context, env Env, files []string, sink Sink) (*Report, error) {
	rep := newReport("blm", files)
	var snaps []*blmSnapshot
	for _, path := range files {
		s, err := readBLM(path, rep)
		if err != nil {
			return rep, err
		}
		snaps = append(snaps, s)
	}
	sort.SliceStable(snaps, func(i, j int) bool { return snaps[i].generated.Before(snaps[j].generated) })
	h := &blmHistory{rep: rep, listings: map[string]*blmState{}}
	for si, snap := range snaps {
		seen, err := h.read(ctx, snap)
		if err != nil {
			return rep, err
		}
		if si > 0 {
			h.withdrawGone(snap, seen)
		}
	}
	return rep, h.emit(ctx, env, sink)
}

// blmHistory is the listings the snapshots describe, oldest snapshot
// first: each listing's latest state and its lifecycle events.
type blmHistory struct {
	rep      *Report
	listings map[string]*blmState // by branch/agent reference
	order    []string             // keys in the order first seen
}

// blmState is one listing as the snapshots read so far leave it.
type blmState struct {
	doc    mappings.Listing
	st     mappings.ListingState
	events []mappings.SaleEvent
	branch string
	rent   bool
}

// addEvent records the lifecycle event, or rejects the record when the
// event is not a valid step from the listing's state.
func (h *blmHistory) addEvent(s *blmState, r blmRecord, event, date string, price int64) bool {
	next, ok := mappings.NextState(s.st, event)
	if !ok {
		h.rep.reject(r.file, r.line, "%s: %s after %q is not a valid lifecycle step", s.doc.ListingID, event, s.st)
		return false
	}
	s.st = next
	s.events = append(s.events, mappings.SaleEvent{EventType: event, Date: date, Price: price, Source: BLMSource, Listing: s.doc.ID, Seq: len(s.events) + 1})
	return true
}

// read applies one snapshot's records, returning the keys it lists.
func (h *blmHistory) read(ctx context.Context, snap *blmSnapshot) (map[string]bool, error) {
	seen := map[string]bool{}
	for _, r := range snap.records {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		d, err := blmListing(r)
		if err != nil {
			h.rep.reject(r.file, r.line, "%v", err)
			continue
		}
		key := d.BranchID + "/" + d.ListingID
		if seen[key] {
			h.rep.reject(r.file, r.line, "%s: listed twice in one file", d.ListingID)
			continue
		}
		seen[key] = true
		h.apply(r, d, key, blmDate(r.f["UPDATE_DATE"], snap.generated))
	}
	return seen, nil
}

// apply is one record of a listing: (re-)listed, or its price and status
// moves since the last snapshot, dated upd.
func (h *blmHistory) apply(r blmRecord, d mappings.Listing, key, upd string) {
	s := h.listings[key]
	if s == nil || s.st == mappings.StateWithdrawn || s.st == mappings.StateLet {
		if s == nil {
			s = &blmState{branch: d.BranchID, rent: d.TransactionType == "Rental"}
			h.listings[key] = s
			h.order = append(h.order, key)
		}
		prevEvents, prevSt := s.events, s.st
		s.doc = d
		s.events, s.st = prevEvents, prevSt
		added := d.AddedDate
		if len(s.events) > 0 {
			added = upd // re-listed after a withdrawal
		}
		if !h.addEvent(s, r, mappings.EventAdded, added, d.LatestPrice) {
			return
		}
		s.doc.OriginalPrice = d.LatestPrice
	} else {
		h.priceMove(s, r, d.LatestPrice, upd)
	}
	h.statusMove(s, r, upd)
	s.doc.LatestStatus = d.LatestStatus
	s.doc.Description, s.doc.Images, s.doc.Bedrooms = d.Description, d.Images, d.Bedrooms
	s.doc.IsLive = d.IsLive
}

// priceMove records a reduction or an increase to price.
func (h *blmHistory) priceMove(s *blmState, r blmRecord, price int64, upd string) {
	switch {
	case price < s.doc.LatestPrice:
		if h.addEvent(s, r, mappings.EventReduced, upd, price) {
			s.doc.Reductions++
			s.doc.IsReduced, s.doc.ReducedDate = true, upd
			s.doc.LatestPrice = price
		}
	case price > s.doc.LatestPrice:
		if h.addEvent(s, r, mappings.EventPriceIncreased, upd, price) {
			s.doc.LatestPrice = price
		}
	}
}

// statusMove records the step to the record's status, if it is one.
func (h *blmHistory) statusMove(s *blmState, r blmRecord, upd string) {
	want := blmStatus[r.f["STATUS_ID"]]
	cur := s.st
	switch {
	case want.event == "" && (cur == mappings.StateUnderOffer || cur == mappings.StateSoldSTC):
		if h.addEvent(s, r, mappings.EventSaleCancelled, upd, 0) {
			s.doc.SaleCancelledDate = upd
		}
	case want.event == mappings.EventUnderOffer && cur == mappings.StateOnMarket:
		if h.addEvent(s, r, want.event, upd, 0) && s.doc.FirstOfferDate == "" {
			s.doc.FirstOfferDate = upd
		}
	case (want.event == mappings.EventSoldSTC || want.event == mappings.EventSoldSTCM) && cur != mappings.StateSoldSTC:
		if h.addEvent(s, r, want.event, upd, 0) && s.doc.FirstSoldOrLetDate == "" {
			s.doc.FirstSoldOrLetDate = upd
		}
	case want.event == mappings.EventLetAgreed && cur != mappings.StateLet:
		if h.addEvent(s, r, want.event, upd, 0) && s.doc.FirstSoldOrLetDate == "" {
			s.doc.FirstSoldOrLetDate = upd
		}
	}
}

// withdrawGone withdraws the open listings of the snapshot's branches that
// it no longer lists.
func (h *blmHistory) withdrawGone(snap *blmSnapshot, seen map[string]bool) {
	for _, key := range h.order {
		s := h.listings[key]
		if !snap.branches[s.branch] || seen[key] || s.st == mappings.StateWithdrawn || s.st == mappings.StateLet || s.st == mappings.StateNone {
			continue
		}
		date := snap.generated.Format("2006-01-02")
		ev := mappings.EventWithdrawn
		if next, ok := mappings.NextState(s.st, ev); ok {
			s.st = next
			s.events = append(s.events, mappings.SaleEvent{EventType: ev, Date: date, Source: BLMSource, Listing: s.doc.ID, Seq: len(s.events) + 1})
			s.doc.IsWithdrawn, s.doc.WithdrawnDate, s.doc.ClosedDate, s.doc.IsLive = true, date, date, false
			s.doc.LatestStatus = "Withdrawn"
		}
	}
}

// emit sends every listing and its events to sink, located at their
// postcode's point (one lookup).
func (h *blmHistory) emit(ctx context.Context, env Env, sink Sink) error {
	var pcs []string
	for _, key := range h.order {
		if p := h.listings[key].doc.Postcode; p != "" {
			pcs = append(pcs, p)
		}
	}
	var points map[string]mappings.GeoPoint
	if env.Points != nil && len(pcs) > 0 {
		var err error
		if points, err = env.Points(ctx, pcs); err != nil {
			return fmt.Errorf("blm: postcode locations: %w", err)
		}
	}
	em := emitter{sink, h.rep}
	for _, key := range h.order {
		s := h.listings[key]
		if s.st == mappings.StateNone {
			continue
		}
		if p, ok := points[s.doc.Postcode]; ok {
			pt := p
			s.doc.Location = &pt
		} else {
			h.rep.mark("listing without a located postcode", 1)
		}
		if err := em.add(mappings.IndexListings, s.doc.ID, s.doc); err != nil {
			return err
		}
		for _, e := range s.events {
			e.ID = blmEventID(s.doc.ID, e.Seq)
			if err := em.add(mappings.IndexSaleEvents, strconv.FormatInt(e.ID, 10), e); err != nil {
				return err
			}
		}
	}
	return nil
}

func readBLM(path string, rep *Report) (*blmSnapshot, error) {
	raw, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("open %s: %w", path, err)
	}
	raw = bytes.TrimPrefix(raw, []byte{0xEF, 0xBB, 0xBF})
	name := filepath.Base(path)
	text := string(raw)
	hi, di, ai := strings.Index(text, "#HEADER#"), strings.Index(text, "#DEFINITION#"), strings.Index(text, "#DATA#")
	if hi < 0 || di < hi || ai < di {
		return nil, fmt.Errorf("%s: not a BLM file (need #HEADER#, #DEFINITION# and #DATA# in that order)", path)
	}
	snap := &blmSnapshot{name: name, branches: map[string]bool{}}
	eof, eor := "^", "~"
	sc := bufio.NewScanner(strings.NewReader(text[hi+len("#HEADER#") : di]))
	for sc.Scan() {
		k, v, ok := strings.Cut(sc.Text(), ":")
		if !ok {
			continue
		}
		k, v = strings.ToUpper(strings.TrimSpace(k)), strings.TrimSpace(v)
		unq := strings.Trim(v, `'"`)
		switch k {
		case "VERSION":
			if !strings.HasPrefix(v, "3") {
				rep.note("%s: BLM version %s (read as version 3)", name, v)
			}
		case "EOF":
			if unq != "" {
				eof = unq
			}
		case "EOR":
			if unq != "" {
				eor = unq
			}
		case "GENERATED DATE":
			if t, ok := blmTime(v); ok {
				snap.generated = t
			}
		}
	}
	if snap.generated.IsZero() {
		if st, err := os.Stat(path); err == nil {
			snap.generated = st.ModTime().UTC()
		}
		rep.note("%s: no Generated Date in the header; the file time orders it", name)
	}
	defText := text[di+len("#DEFINITION#") : ai]
	defText = strings.TrimSpace(defText)
	defText = strings.TrimSuffix(strings.TrimSuffix(defText, eor), eof)
	var defs []string
	for _, d := range strings.Split(defText, eof) {
		defs = append(defs, strings.ToUpper(strings.TrimSpace(d)))
	}
	data := text[ai+len("#DATA#"):]
	if ei := strings.Index(data, "#END#"); ei >= 0 {
		data = data[:ei]
	} else {
		rep.note("%s: no #END# marker (file may be truncated)", name)
	}
	line := strings.Count(text[:ai], "\n") + 1
	for _, rec := range strings.Split(data, eor) {
		line += strings.Count(rec[:len(rec)-len(strings.TrimLeft(rec, "\r\n"))], "\n")
		recLine := line
		line += strings.Count(strings.TrimLeft(rec, "\r\n"), "\n")
		rec = strings.TrimLeft(rec, "\r\n")
		if strings.TrimSpace(rec) == "" {
			continue
		}
		rep.Rows++
		fields := strings.Split(rec, eof)
		if len(fields) == len(defs)+1 && fields[len(fields)-1] == "" {
			fields = fields[:len(defs)]
		}
		if len(fields) != len(defs) {
			rep.reject(name, recLine, "%d fields (the definition names %d)", len(fields), len(defs))
			continue
		}
		m := make(map[string]string, len(defs))
		for i, d := range defs {
			m[d] = strings.TrimSpace(fields[i])
		}
		snap.records = append(snap.records, blmRecord{f: m, file: name, line: recLine, generated: snap.generated})
		if b := m["BRANCH_ID"]; b != "" {
			snap.branches[b] = true
		}
	}
	return snap, nil
}

func blmTime(s string) (time.Time, bool) {
	s = strings.TrimSpace(s)
	for _, layout := range []string{"2006-01-02 15:04:05", "2006-01-02 15:04", "2006-01-02T15:04:05", "2006-01-02", "02/01/2006 15:04:05", "02/01/2006"} {
		if t, err := time.Parse(layout, s); err == nil {
			return t, true
		}
	}
	return time.Time{}, false
}

func blmDate(s string, fallback time.Time) string {
	if t, ok := blmTime(s); ok {
		return t.Format("2006-01-02")
	}
	return fallback.Format("2006-01-02")
}

// blmListing builds the listing of one record (its latest state).
func blmListing(r blmRecord) (mappings.Listing, error) {
	f := r.f
	var d mappings.Listing
	ref := f["AGENT_REF"]
	if ref == "" {
		return d, fmt.Errorf("no AGENT_REF")
	}
	d.ListingID, d.BranchID = ref, f["BRANCH_ID"]
	if d.BranchID == "" {
		if b, _, ok := strings.Cut(ref, "_"); ok {
			d.BranchID = b // AGENT_REF is BRANCHID_REF by convention
		}
	}
	d.ID = blmUUID(d.BranchID + "/" + ref)
	d.Agent, _ = strconv.ParseInt(d.BranchID, 10, 64)
	d.AgentBranch = d.BranchID
	trans := f["TRANS_TYPE_ID"]
	switch trans {
	case "1", "":
		d.TransactionType = "Sale"
	case "2":
		d.TransactionType = "Rental"
	default:
		return d, fmt.Errorf("%s: TRANS_TYPE_ID %q (want 1 resale or 2 lettings)", ref, trans)
	}
	st, ok := blmStatus[f["STATUS_ID"]]
	if !ok {
		return d, fmt.Errorf("%s: STATUS_ID %q (want 0 to 5)", ref, f["STATUS_ID"])
	}
	if d.TransactionType == "Rental" && st.event != "" && st.event != mappings.EventLetAgreed && st.event != mappings.EventUnderOffer {
		return d, fmt.Errorf("%s: sales status %s on a letting", ref, st.status)
	}
	if d.TransactionType == "Sale" && !st.sale {
		return d, fmt.Errorf("%s: lettings status %s on a sale", ref, st.status)
	}
	d.LatestStatus = st.status
	if d.LatestStatus == "" {
		d.LatestStatus = map[string]string{"Sale": "For sale", "Rental": "To let"}[d.TransactionType]
	}
	price, err := strconv.ParseFloat(strings.ReplaceAll(f["PRICE"], ",", ""), 64)
	if err != nil || price < 0 {
		return d, fmt.Errorf("%s: PRICE %q", ref, f["PRICE"])
	}
	if d.TransactionType == "Rental" {
		switch f["LET_RENT_FREQUENCY"] {
		case "0", "5": // weekly (per person per week read as weekly)
			price = price * 52 / 12
		case "2":
			price = price / 3
		case "3":
			price = price / 12
		}
	}
	d.LatestPrice = int64(price + 0.5)
	pc, ok := mappings.ParsePostcode(f["POSTCODE1"] + " " + f["POSTCODE2"])
	if !ok {
		return d, fmt.Errorf("%s: postcode %q %q", ref, f["POSTCODE1"], f["POSTCODE2"])
	}
	d.Postcode, d.Outcode = pc.Display(), pc.Outward
	d.DisplayAddress = f["DISPLAY_ADDRESS"]
	if d.DisplayAddress == "" {
		var parts []string
		for _, k := range []string{"ADDRESS_1", "ADDRESS_2", "ADDRESS_3", "TOWN"} {
			if f[k] != "" {
				parts = append(parts, f[k])
			}
		}
		d.DisplayAddress = strings.Join(parts, ", ")
	}
	if pt, ok := blmPropTypes[f["PROP_SUB_ID"]]; ok {
		d.PropertyType, d.ListingPropertyType = pt[0], pt[1]
	} else {
		d.PropertyType, d.ListingPropertyType = "Other", "Not specified"
	}
	d.Bedrooms, _ = strconv.Atoi(f["BEDROOMS"])
	d.Bathrooms, _ = strconv.Atoi(f["BATHROOMS"])
	d.ReceptionRooms, _ = strconv.Atoi(f["LIVING_ROOMS"])
	d.Ownership = blmTenure[f["TENURE_TYPE_ID"]]
	d.IsNewBuild = strings.EqualFold(f["NEW_HOME_FLAG"], "Y")
	d.IsLive = f["PUBLISHED_FLAG"] != "0"
	created, ok := blmTime(f["CREATE_DATE"])
	if !ok {
		return d, fmt.Errorf("%s: CREATE_DATE %q", ref, f["CREATE_DATE"])
	}
	d.AddedDate = created.Format("2006-01-02")
	d.Description = firstNonEmpty(f["DESCRIPTION"], f["SUMMARY"])
	for i := 0; i < 60; i++ {
		if img := f[fmt.Sprintf("MEDIA_IMAGE_%02d", i)]; img != "" {
			d.Images = append(d.Images, img)
		}
	}
	d.Source = BLMSource
	return d, nil
}

// blmUUID is a name-based UUID (version 5 layout over SHA-1).
func blmUUID(name string) string {
	h := sha1.Sum([]byte("ukpd-blm:" + name))
	h[6] = (h[6] & 0x0f) | 0x50
	h[8] = (h[8] & 0x3f) | 0x80
	return fmt.Sprintf("%x-%x-%x-%x-%x", h[0:4], h[4:6], h[6:8], h[8:10], h[10:16])
}

func blmEventID(listing string, seq int) int64 {
	h := fnv.New64a()
	fmt.Fprintf(h, "%s#%d", listing, seq)
	return int64(h.Sum64() & (1<<53 - 1))
}
