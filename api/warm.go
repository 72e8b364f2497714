package api

import (
	"context"
	"errors"
	"time"

	"github.com/ukpd/propertyapi/api/query"
	"github.com/ukpd/propertyapi/api/search"
	"github.com/ukpd/propertyapi/mappings"
)

// DefaultWarmEvery is how often WarmFilters primes the engine's cache.
const DefaultWarmEvery = time.Minute

// warmUses is how many times a round sends each priming query: the
// engine caches a bool filter from its fourth use among its recent ones.
const warmUses = 5

// probeAddressSort asks the serving addresses index whether it can sort on
// the popularity band (query.SortProbe): an index built before the band is
// sorted by popularity, and the typeahead's broad query must sort as the
// index does to stop at its first matches. Any other error leaves the
// answer as it was.
func (s *Server) probeAddressSort(ctx context.Context, index string) {
	rctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	_, err := s.opt.Backend.Search(rctx, index, query.SortProbe())
	switch {
	case err == nil:
		s.addressLegacySort.Store(false)
	case errors.Is(err, search.ErrBadRequest):
		s.addressLegacySort.Store(true)
	default:
		s.log.Debug().Err(err).Str("index", index).Msg("index sort probe failed; retried next round")
	}
}

// WarmFilters keeps the typeahead's cacheable filters (query.NotFlat) in
// the engine's query cache until ctx ends: a round now and then one every
// `every` (DefaultWarmEvery when 0), so a new index version behind the
// alias, or an engine restart, is primed within a round. The engine caches
// a filter only when the query around it is broad (its match-all lead here),
// never from a keystroke's narrow one, and then serves every keystroke from
// the cached bit set. Errors are logged at debug level and retried next
// round: priming is an optimisation, never a dependency.
func (s *Server) WarmFilters(ctx context.Context, every time.Duration) {
	if every <= 0 {
		every = DefaultWarmEvery
	}
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		s.warmRound(ctx)
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}

func (s *Server) warmRound(ctx context.Context) {
	index := s.idx.Name(mappings.IndexAddresses)
	s.probeAddressSort(ctx, index)
	for i := 0; i < warmUses; i++ {
		rctx, cancel := context.WithTimeout(ctx, 30*time.Second)
		_, err := s.opt.Backend.Search(rctx, index, query.WarmFilter(query.NotFlat()))
		cancel()
		if err != nil {
			s.log.Debug().Err(err).Str("index", index).Msg("filter warm-up failed; retried next round")
			return
		}
	}
}
