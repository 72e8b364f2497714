package synth

import (
	"fmt"
	"math"
	"strings"

	"github.com/ukpd/propertyapi/mappings"
)

// emitRisks writes the environmental layers of one town: a coverage polygon
// per assessed layer and hazard polygons with bands. The layers draw from
// one random stream in this order, so the order is part of the output.
func (gen *generator) emitRisks(g *townGeo) error {
	t := &g.t
	w := &riskWriter{gen: gen, g: g, t: t, slug: strings.ToLower(t.Name), r: newRnd(gen.cfg.Seed, "risk", t.Name), box: g.box}
	type cover struct{ typ, sub, desc string }
	layers := []struct {
		assessed bool
		covers   []cover
		hazards  func() error
	}{
		{t.FloodCover, []cover{{"flood", "rivers_and_sea", "Assessed by the flood risk model"}, {"flood", "surface_water", "Assessed by the flood risk model"}}, w.flood},
		{true, []cover{{"radon", "radon", "UK radon map"}}, w.radon},
		// Rail noise is mapped too; the synthetic towns have no rail corridors
		// with modelled noise, so covered places report none identified.
		{t.NoiseCover, []cover{{"noise", "road_noise", "Strategic noise mapping, roads"}, {"noise", "rail_noise", "Strategic noise mapping, railways"}}, w.noise},
		{true, []cover{{"landfill", "landfill", "Historic landfill sites register"}}, w.landfill},
		// Coal mining is assessed everywhere in Great Britain (Exeter is
		// assessed and clear).
		{t.Country != "N", []cover{{"coal_mining", "coal_mining", "Coal mining reporting area search"}}, w.coalMining},
		{true, []cover{{"invasive_plants", "japanese_knotweed", "Invasive plant sightings survey"}}, w.invasivePlants},
		{true, []cover{{"air_quality_today", "air_quality", "Daily Air Quality Index forecast"}}, w.airQuality},
	}
	for _, l := range layers {
		if !l.assessed {
			continue
		}
		for _, c := range l.covers {
			if err := w.cover(c.typ, c.sub, c.desc); err != nil {
				return err
			}
		}
		if err := l.hazards(); err != nil {
			return err
		}
	}
	return nil
}

// riskWriter writes the risk layers of one town.
type riskWriter struct {
	gen  *generator
	g    *townGeo
	t    *town
	slug string
	r    rnd
	box  rect
}

// add writes one risk area with the polygon pts and its centroid.
func (w *riskWriter) add(a mappings.RiskArea, pts [][2]float64) error {
	a.Geometry = w.g.pj.ring(pts)
	var cx, cy float64
	for _, p := range pts {
		cx += p[0]
		cy += p[1]
	}
	a.Centroid = w.g.pj.point(cx/float64(len(pts)), cy/float64(len(pts)))
	a.Source = source
	return w.gen.sink.Add(mappings.IndexRiskAreas, a.ID, a)
}

// cover writes the coverage polygon (the town's box) of an assessed layer.
func (w *riskWriter) cover(typ, sub, desc string) error {
	return w.add(mappings.RiskArea{ID: fmt.Sprintf("%s-%s-coverage-%s", typ, sub, w.slug), RiskType: typ, SubType: sub, Kind: "coverage",
		Description: desc, Name: w.t.Name + " assessment area"}, w.box.corners())
}

// flood writes rivers-and-sea bands along a river and surface-water ponds
// (towns with flood cover only).
func (w *riskWriter) flood() error {
	slug, r, box := w.slug, w.r, w.box
	// Flood: a river crossing the town, y = f(x); bands are strips at a
	// distance from the channel (High next to it, Very low furthest).
	y0 := r.between(box.y0*0.5, box.y1*0.5)
	amp, wave, phase := r.between(150, 500), r.between(1500, 3500), r.between(0, 2*math.Pi)
	f := func(x float64) float64 { return y0 + amp*math.Sin(2*math.Pi*x/wave+phase) }
	bands := []struct {
		label  string
		score  int
		d0, d1 float64
	}{{"High", 4, 0, 60}, {"Medium", 3, 60, 150}, {"Low", 2, 150, 300}, {"Very low", 1, 300, 500}}
	const steps = 40
	strip := func(a, b float64) [][2]float64 {
		var pts [][2]float64
		for i := 0; i <= steps; i++ {
			x := box.x0 + (box.x1-box.x0)*float64(i)/steps
			pts = append(pts, [2]float64{x, clamp(f(x)+a, box.y0, box.y1)})
		}
		for i := steps; i >= 0; i-- {
			x := box.x0 + (box.x1-box.x0)*float64(i)/steps
			pts = append(pts, [2]float64{x, clamp(f(x)+b, box.y0, box.y1)})
		}
		return pts
	}
	river := "River " + pick(r, []string{"Exe", "Avon", "Aire", "Irwell", "Taff", "Lagan", "Leith", "Severn", "Frome", "Medlock"})
	for _, b := range bands {
		sides := [][2]float64{{b.d0, b.d1}, {-b.d1, -b.d0}}
		if b.d0 == 0 {
			sides = [][2]float64{{-b.d1, b.d1}}
		}
		for si, sd := range sides {
			err := w.add(mappings.RiskArea{ID: fmt.Sprintf("flood-rivers-%s-%s-%d", slug, strings.ReplaceAll(strings.ToLower(b.label), " ", "-"), si),
				RiskType: "flood", SubType: "rivers_and_sea", Kind: "hazard", Label: b.label, Score: b.score, ScoreUnit: "band",
				Description: fmt.Sprintf("%s chance of flooding from the %s", b.label, river), Name: river, ValidFrom: "2024-01-01"}, strip(sd[0], sd[1]))
			if err != nil {
				return err
			}
		}
	}
	// Surface water: ponding areas of three nested bands.
	for i := 0; i < 6+len(w.g.lsoas)/10; i++ {
		x, y := r.between(box.x0+300, box.x1-300), r.between(box.y0+300, box.y1-300)
		rad := r.between(40, 120)
		for bi, b := range []struct {
			label string
			score int
			k     float64
		}{{"High", 4, 1}, {"Medium", 3, 1.8}, {"Low", 2, 2.6}} {
			pts := octagon(x, y, rad*b.k)
			if bi > 0 {
				// A ring between this band and the inner one: outer ring and inner hole.
				err := w.gen.sink.Add(mappings.IndexRiskAreas, fmt.Sprintf("flood-surface-%s-%d-%d", slug, i, bi), mappings.RiskArea{
					ID: fmt.Sprintf("flood-surface-%s-%d-%d", slug, i, bi), RiskType: "flood", SubType: "surface_water", Kind: "hazard",
					Label: b.label, Score: b.score, ScoreUnit: "band", Description: b.label + " chance of surface water flooding",
					ValidFrom: "2025-01-01", Geometry: ringWithHole(w.g.pj, pts, octagon(x, y, rad*[]float64{1, 1.8}[bi-1])),
					Centroid: w.g.pj.point(x, y), Source: source,
				})
				if err != nil {
					return err
				}
				continue
			}
			if err := w.add(mappings.RiskArea{ID: fmt.Sprintf("flood-surface-%s-%d-%d", slug, i, bi), RiskType: "flood", SubType: "surface_water",
				Kind: "hazard", Label: b.label, Score: b.score, ScoreUnit: "band", Description: b.label + " chance of surface water flooding", ValidFrom: "2025-01-01"}, pts); err != nil {
				return err
			}
		}
	}
	return nil
}

// radon writes 1 km squares banded by the share of homes above the action level.
func (w *riskWriter) radon() error {
	labels := []string{"", "<1%", "1-3%", "3-5%", "5-10%", "10-30%", ">30%"}
	return w.eachKm(func(cell rect) error {
		band := int(clamp(float64(w.t.RadonBase+w.r.IntN(3)-1), 1, 6))
		if band <= 1 {
			return nil
		}
		return w.add(mappings.RiskArea{ID: fmt.Sprintf("radon-%s-%d-%d", w.slug, int(cell.x0), int(cell.y0)), RiskType: "radon", SubType: "radon", Kind: "hazard",
			Label: labels[band], Score: band, ScoreUnit: "pct", Description: labels[band] + " of homes estimated above the radon action level"}, cell.corners())
	})
}

// noise writes road noise bands along two main roads (towns with noise cover).
func (w *riskWriter) noise() error {
	slug, r, box := w.slug, w.r, w.box
	// Road noise: two main roads (one east-west, one north-south) with
	// bands by distance.
	noise := []struct {
		label  string
		db     int
		d0, d1 float64
	}{{"75.0+ dB", 75, 0, 30}, {"70.0-74.9 dB", 70, 30, 80}, {"65.0-69.9 dB", 65, 80, 150}, {"55.0-64.9 dB", 55, 150, 300}}
	for road := 0; road < 2; road++ {
		c := r.between(-box.w()/4, box.w()/4)
		name := fmt.Sprintf("A%d", 30+r.IntN(600))
		for _, b := range noise {
			sides := [][2]float64{{b.d0, b.d1}, {-b.d1, -b.d0}}
			if b.d0 == 0 {
				sides = [][2]float64{{-b.d1, b.d1}}
			}
			for si, sd := range sides {
				var pts [][2]float64
				if road == 0 {
					pts = [][2]float64{{box.x0, c + sd[0]}, {box.x1, c + sd[0]}, {box.x1, c + sd[1]}, {box.x0, c + sd[1]}}
				} else {
					pts = [][2]float64{{c + sd[0], box.y0}, {c + sd[1], box.y0}, {c + sd[1], box.y1}, {c + sd[0], box.y1}}
				}
				if err := w.add(mappings.RiskArea{ID: fmt.Sprintf("noise-%s-%d-%d-%d", slug, road, b.db, si), RiskType: "noise", SubType: "road_noise",
					Kind: "hazard", Label: b.label, Score: b.db, ScoreUnit: "dB", Description: "Road traffic noise (Lden) from the " + name, Name: name}, pts); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

// landfill writes a few historic landfill sites.
func (w *riskWriter) landfill() error {
	slug, r, box := w.slug, w.r, w.box
	// Landfill: a few historic sites.
	for i := 0; i < 2+r.IntN(3); i++ {
		x, y := r.between(box.x0+500, box.x1-500), r.between(box.y0+500, box.y1-500)
		if err := w.add(mappings.RiskArea{ID: fmt.Sprintf("landfill-%s-%d", slug, i), RiskType: "landfill", SubType: "landfill", Kind: "hazard",
			Label: "Historic landfill", Score: 1, ScoreUnit: "band", Description: "Former landfill site, closed " + fmt.Sprint(1960+r.IntN(40)),
			Name: "Former " + pick(r, streetRoots) + " Tip"}, octagon(x, y, r.between(80, 250))); err != nil {
			return err
		}
	}
	return nil
}

// coalMining writes coalfield reporting areas (Great Britain).
func (w *riskWriter) coalMining() error {
	t, slug, r, box := w.t, w.slug, w.r, w.box
	// Reporting areas on coalfields only.
	if t.Coal {
		for i := 0; i < 2; i++ {
			x, y := r.between(box.x0+1200, box.x1-1200), r.between(box.y0+1200, box.y1-1200)
			hw, hh := r.between(600, 1500), r.between(600, 1500)
			if err := w.add(mappings.RiskArea{ID: fmt.Sprintf("coal-%s-%d", slug, i), RiskType: "coal_mining", SubType: "coal_mining", Kind: "hazard",
				Label: "Coal mining reporting area", Score: 2, ScoreUnit: "band", Description: "Past underground coal workings at shallow depth"},
				[][2]float64{{x - hw, y - hh}, {x + hw, y - hh}, {x + hw, y + hh}, {x - hw, y + hh}}); err != nil {
				return err
			}
			if err := w.add(mappings.RiskArea{ID: fmt.Sprintf("coal-%s-%d-high", slug, i), RiskType: "coal_mining", SubType: "development_high_risk", Kind: "hazard",
				Label: "Development high risk area", Score: 3, ScoreUnit: "band", Description: "Mine entries and shallow workings"},
				octagon(x, y, math.Min(hw, hh)/3)); err != nil {
				return err
			}
		}
	}
	return nil
}

// invasivePlants writes knotweed sightings.
func (w *riskWriter) invasivePlants() error {
	slug, r, box := w.slug, w.r, w.box
	// Invasive plants: knotweed sightings.
	for i := 0; i < 8+len(w.g.lsoas)/4; i++ {
		x, y := r.between(box.x0+50, box.x1-50), r.between(box.y0+50, box.y1-50)
		s := r.between(10, 40)
		label := []string{"Low", "Medium", "High"}[r.IntN(3)]
		if err := w.add(mappings.RiskArea{ID: fmt.Sprintf("invasive-%s-%d", slug, i), RiskType: "invasive_plants", SubType: "japanese_knotweed", Kind: "hazard",
			Label: label, Score: map[string]int{"Low": 1, "Medium": 2, "High": 3}[label], ScoreUnit: "band", Description: "Japanese knotweed recorded within this area",
			Name: "Japanese knotweed"}, [][2]float64{{x - s, y - s}, {x + s, y - s}, {x + s, y + s}, {x - s, y + s}}); err != nil {
			return err
		}
	}
	return nil
}

// airQuality writes 1 km cells with a Daily Air Quality Index 1-10, worse
// towards the centre.
func (w *riskWriter) airQuality() error {
	return w.eachKm(func(cell rect) error {
		central := 1 - clamp(math.Hypot(cell.cx(), cell.cy())/(w.box.w()/2), 0, 1)
		idx := int(clamp(math.Round(1+central*4+w.r.between(0, 2)), 1, 10))
		label := "Low"
		switch {
		case idx >= 10:
			label = "Very High"
		case idx >= 7:
			label = "High"
		case idx >= 4:
			label = "Moderate"
		}
		return w.add(mappings.RiskArea{ID: fmt.Sprintf("aq-%s-%d-%d", w.slug, int(cell.x0), int(cell.y0)), RiskType: "air_quality_today", SubType: "air_quality", Kind: "hazard",
			Label: label, Score: idx, ScoreUnit: "index", Description: fmt.Sprintf("Daily Air Quality Index %d (%s)", idx, label), ValidFrom: day(w.gen.now)}, cell.corners())
	})
}

// eachKm calls f for each 1 km cell of the town's box (the last row and
// column cut at its edge), column by column.
func (w *riskWriter) eachKm(f func(cell rect) error) error {
	box := w.box
	for gx := box.x0; gx < box.x1-1; gx += 1000 {
		for gy := box.y0; gy < box.y1-1; gy += 1000 {
			if err := f(rect{gx, gy, math.Min(gx+1000, box.x1), math.Min(gy+1000, box.y1)}); err != nil {
				return err
			}
		}
	}
	return nil
}

// ringWithHole returns a Polygon with an outer ring and one hole.
func ringWithHole(p proj, outer, hole [][2]float64) *mappings.Geometry {
	o := p.ring(outer).Coordinates
	// reverse the hole (clockwise)
	rev := make([][2]float64, len(hole))
	for i := range hole {
		rev[i] = hole[len(hole)-1-i]
	}
	h := p.ring(rev).Coordinates
	b := append([]byte{}, o[:len(o)-1]...)
	b = append(b, ',')
	b = append(b, h[1:len(h)-1]...)
	b = append(b, ']')
	return &mappings.Geometry{Type: "Polygon", Coordinates: b}
}
