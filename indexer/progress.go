package indexer

import (
	"fmt"
	"os"
	"sync"
	"sync/atomic"
	"time"

	"github.com/mattn/go-isatty"
)

// progress reports the load's speed: a rewritten line on a terminal, a log
// line every 10 seconds otherwise.
type progress struct {
	docs  atomic.Int64
	bytes atomic.Int64
	total int64
	done  chan struct{}
	wg    sync.WaitGroup
}

func newProgress(cfg LoadConfig, totalBytes int64) *progress {
	p := &progress{total: totalBytes, done: make(chan struct{})}
	tty := cfg.Progress != nil && cfg.ProgressTTY
	if f, ok := cfg.Progress.(*os.File); ok && isatty.IsTerminal(f.Fd()) {
		tty = true
	}
	every := 10 * time.Second
	if tty {
		every = time.Second
	}
	start := time.Now()
	p.wg.Add(1)
	go func() {
		defer p.wg.Done()
		t := time.NewTicker(every)
		defer t.Stop()
		for {
			select {
			case <-p.done:
				if tty {
					fmt.Fprintln(cfg.Progress)
				}
				return
			case <-t.C:
				el := time.Since(start).Seconds()
				docs, b := p.docs.Load(), p.bytes.Load()
				rate := float64(docs) / el
				eta := "?"
				if b > 0 && p.total > 0 {
					eta = time.Duration(el * float64(p.total-b) / float64(b) * float64(time.Second)).Round(time.Second).String()
				}
				pct := 0.0
				if p.total > 0 {
					pct = 100 * float64(b) / float64(p.total)
				}
				if tty {
					fmt.Fprintf(cfg.Progress, "\rloaded %d docs  %.0f docs/s  %.1f%% read  ETA %s   ", docs, rate, pct, eta)
				} else {
					cfg.Logger.Info().Int64("docs", docs).Float64("docs_per_sec", rate).Float64("pct_read", pct).Str("eta", eta).Msg("loading")
				}
			}
		}
	}()
	return p
}

func (p *progress) stop() {
	close(p.done)
	p.wg.Wait()
}
