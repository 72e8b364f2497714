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
	w := &riskWriter{gen: gen, g: g, t: &g.t, slug: strings.ToLower(g.t.Name), r: newRnd(gen.cfg.Seed, "risk", g.t.Name), box: g.box}
	for _, layer := range []func() error{w.flood, w.radon, w.noise, w.landfill, w.coalMining, w.invasivePlants, w.airQuality} {
		if err := layer(); err != nil {
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
	box := w.box
	boxPts := [][2]float64{{box.x0, box.y0}, {box.x1, box.y0}, {box.x1, box.y1}, {box.x0, box.y1}}
	return w.add(mappings.RiskArea{ID: fmt.Sprintf("%s-%s-coverage-%s", typ, sub, w.slug), RiskType: typ, SubType: sub, Kind: "coverage",
		Description: desc, Name: w.t.Name + " assessment area"}, boxPts)
}

// flood writes rivers-and-sea bands along a river and surface-water ponds
// (towns with flood cover only).
func (w *riskWriter) flood() error {
	t, slug, r, box := w.t, w.slug, w.r, w.box
	// Flood: a river crossing the town, y = f(x); bands are strips at a
	// distance from the channel (High next to it, Very low furthest).
	if t.FloodCover {
		for _, sub := range []string{"rivers_and_sea", "surface_water"} {
			if err := w.cover("flood", sub, "Assessed by the flood risk model"); err != nil {
				return err
			}
		}
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
	}
	return nil
}

// radon writes 1 km squares banded by the share of homes above the action level.
func (w *riskWriter) radon() error {
	t, slug, r, box := w.t, w.slug, w.r, w.box
	// Radon: 1 km grid squares, band by % of homes above the action level.
	if err := w.cover("radon", "radon", "UK radon map"); err != nil {
		return err
	}
	radonLabels := []string{"", "<1%", "1-3%", "3-5%", "5-10%", "10-30%", ">30%"}
	for gx := box.x0; gx < box.x1-1; gx += 1000 {
		for gy := box.y0; gy < box.y1-1; gy += 1000 {
			cell := rect{gx, gy, math.Min(gx+1000, box.x1), math.Min(gy+1000, box.y1)}
			band := int(clamp(float64(t.RadonBase+r.IntN(3)-1), 1, 6))
			if band <= 1 {
				continue
			}
			if err := w.add(mappings.RiskArea{ID: fmt.Sprintf("radon-%s-%d-%d", slug, int(gx), int(gy)), RiskType: "radon", SubType: "radon", Kind: "hazard",
				Label: radonLabels[band], Score: band, ScoreUnit: "pct", Description: radonLabels[band] + " of homes estimated above the radon action level"},
				[][2]float64{{cell.x0, cell.y0}, {cell.x1, cell.y0}, {cell.x1, cell.y1}, {cell.x0, cell.y1}}); err != nil {
				return err
			}
		}
	}
	return nil
}

// noise writes road noise bands along two main roads (towns with noise cover).
func (w *riskWriter) noise() error {
	t, slug, r, box := w.t, w.slug, w.r, w.box
	// Road noise: two main roads (one east-west, one north-south) with
	// bands by distance.
	if t.NoiseCover {
		if err := w.cover("noise", "road_noise", "Strategic noise mapping, roads"); err != nil {
			return err
		}
		// Rail noise is mapped too; the synthetic towns have no rail corridors
		// with modelled noise, so covered places report none identified.
		if err := w.cover("noise", "rail_noise", "Strategic noise mapping, railways"); err != nil {
			return err
		}
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
	}
	return nil
}

// landfill writes a few historic landfill sites.
func (w *riskWriter) landfill() error {
	slug, r, box := w.slug, w.r, w.box
	// Landfill: a few historic sites.
	if err := w.cover("landfill", "landfill", "Historic landfill sites register"); err != nil {
		return err
	}
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
	// Coal mining: reporting areas on coalfields (assessed everywhere in
	// Great Britain; Exeter is assessed and clear).
	if t.Country != "N" {
		if err := w.cover("coal_mining", "coal_mining", "Coal mining reporting area search"); err != nil {
			return err
		}
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
	}
	return nil
}

// invasivePlants writes knotweed sightings.
func (w *riskWriter) invasivePlants() error {
	slug, r, box := w.slug, w.r, w.box
	// Invasive plants: knotweed sightings.
	if err := w.cover("invasive_plants", "japanese_knotweed", "Invasive plant sightings survey"); err != nil {
		return err
	}
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

// airQuality writes 1 km cells with a Daily Air Quality Index 1-10.
func (w *riskWriter) airQuality() error {
	slug, r, box := w.slug, w.r, w.box
	// Air quality today: 1 km cells with a Daily Air Quality Index 1-10.
	if err := w.cover("air_quality_today", "air_quality", "Daily Air Quality Index forecast"); err != nil {
		return err
	}
	for gx := box.x0; gx < box.x1-1; gx += 1000 {
		for gy := box.y0; gy < box.y1-1; gy += 1000 {
			cell := rect{gx, gy, math.Min(gx+1000, box.x1), math.Min(gy+1000, box.y1)}
			central := 1 - clamp(math.Hypot(cell.cx(), cell.cy())/(box.w()/2), 0, 1)
			idx := int(clamp(math.Round(1+central*4+r.between(0, 2)), 1, 10))
			label := "Low"
			switch {
			case idx >= 10:
				label = "Very High"
			case idx >= 7:
				label = "High"
			case idx >= 4:
				label = "Moderate"
			}
			if err := w.add(mappings.RiskArea{ID: fmt.Sprintf("aq-%s-%d-%d", slug, int(gx), int(gy)), RiskType: "air_quality_today", SubType: "air_quality", Kind: "hazard",
				Label: label, Score: idx, ScoreUnit: "index", Description: fmt.Sprintf("Daily Air Quality Index %d (%s)", idx, label), ValidFrom: day(w.gen.now)},
				[][2]float64{{cell.x0, cell.y0}, {cell.x1, cell.y0}, {cell.x1, cell.y1}, {cell.x0, cell.y1}}); err != nil {
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
