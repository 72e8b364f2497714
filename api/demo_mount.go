package api

import (
	"github.com/gorilla/mux"

	"github.com/ukpd/propertyapi/api/demo"
	"github.com/ukpd/propertyapi/widgets"
)

// mountDemo serves the browser demo at /demo.
func (s *Server) mountDemo(r *mux.Router, w *widgets.Lazy) {
	h, err := demo.Handler(demo.Config{PublicKey: s.opt.DemoPublicKey, TileURL: s.opt.DemoTileURL,
		MapStyleURL: s.opt.MapStyleURL, WidgetURL: w.URL})
	if err != nil {
		s.log.Error().Err(err).Msg("demo page disabled")
		return
	}
	r.Handle("/demo", h)
	r.PathPrefix("/demo/").Handler(h)
}
