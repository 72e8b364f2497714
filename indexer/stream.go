package indexer

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/opensearch-project/opensearch-go/v4/opensearchutil"

	"github.com/ukpd/propertyapi/mappings"
)

// StreamConfig configures Stream: a bulk load fed by a producer (the
// generator) instead of NDJSON files, resumable after a kill.
type StreamConfig struct {
	LoadConfig
	// Indices are the indices built; the producer's documents of any other
	// index are dropped. Required.
	Indices []string
	// StatePath is the checkpoint file (JSON). Required.
	StatePath string
	// Key identifies what the producer makes (generator, seed, size): a
	// checkpoint written for another key is refused, never resumed.
	Key string
	// ChunkDocs is the checkpoint granularity in documents (default
	// 100,000): a kill loses at most the chunks not yet acknowledged.
	ChunkDocs int64
	// Source and Release go into the load metadata (as a manifest's).
	Source, Release string
}

// StreamState is the checkpoint of a streamed load. The producer is
// deterministic, so documents are numbered in the order it emits them
// (documents of dropped indices not counted); Done is how many of them,
// from the first, the engine has acknowledged. A resumed run makes the
// same documents again and sends only those from Done on, into the same
// versioned indices; a document sent twice (a chunk half acknowledged
// when the run stopped) overwrites itself, since ids are natural keys.
type StreamState struct {
	Key       string            `json:"key"`
	Indices   map[string]string `json:"indices"`  // name → versioned index being built
	Previous  map[string]string `json:"previous"` // name → index behind the alias when the build began
	Done      int64             `json:"done"`
	Failed    int64             `json:"failed"`
	Failures  []Failure         `json:"failures,omitempty"` // the first 50
	Runs      int               `json:"runs"`
	LoadTime  time.Duration     `json:"load_ns"` // bulk time over every run
	StartedAt string            `json:"started_at"`
	Finished  bool              `json:"finished"`
	// Counts are the documents per index the finished producer made, set
	// once every document is acknowledged: a run that finds them set skips
	// the producer and only finishes the indices (merge, count, swap).
	Counts map[string]int64 `json:"counts,omitempty"`
}

// ReadStreamState reads a checkpoint file (os.ErrNotExist when absent).
func ReadStreamState(path string) (*StreamState, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var st StreamState
	if err := json.Unmarshal(b, &st); err != nil {
		return nil, fmt.Errorf("checkpoint %s: %w", path, err)
	}
	return &st, nil
}

func writeStreamState(path string, st *StreamState) error {
	b, err := json.MarshalIndent(st, "", "  ")
	if err != nil {
		return err
	}
	tmp := path + ".tmp"
	if err := os.WriteFile(tmp, append(b, '\n'), 0o644); err != nil {
		return err
	}
	return os.Rename(tmp, path)
}

// Stream builds cfg.Indices from what produce sends to its sink, with the
// same index settings, force merge, count check, alias swap and version
// pruning as LoadDir, checkpointing to cfg.StatePath as it goes. Run again
// after a kill with the same configuration, it resumes where the
// checkpoint says. When every index is swapped the checkpoint is marked
// finished, and a further run starts a new build.
func Stream(ctx context.Context, cfg StreamConfig, produce func(Sink) error) (*Report, error) {
	start := time.Now()
	if cfg.StatePath == "" || len(cfg.Indices) == 0 {
		return nil, errors.New("stream: a checkpoint path and at least one index are required")
	}
	if cfg.BulkBytes <= 0 {
		cfg.BulkBytes = 8 << 20
	}
	if cfg.Workers <= 0 {
		cfg.Workers = 3
	}
	if cfg.ChunkDocs <= 0 {
		cfg.ChunkDocs = 100_000
	}
	if err := cfg.validateLayout(); err != nil {
		return nil, fmt.Errorf("stream: %w", err)
	}
	want := map[string]bool{}
	for _, n := range cfg.Indices {
		if _, ok := mappings.SpecOf(n); !ok {
			return nil, fmt.Errorf("stream: unknown index %q", n)
		}
		want[n] = true
	}
	eng, err := newEngine(cfg.URLs)
	if err != nil {
		return nil, fmt.Errorf("stream: %w", err)
	}
	if err := ensureMeta(ctx, eng, cfg.Prefix+MetaIndex); err != nil {
		return nil, fmt.Errorf("stream: meta index: %w", err)
	}
	st, err := openStreamState(ctx, eng, cfg)
	if err != nil {
		return nil, fmt.Errorf("stream: %w", err)
	}
	st.Runs++
	if err := writeStreamState(cfg.StatePath, st); err != nil {
		return nil, fmt.Errorf("stream: checkpoint: %w", err)
	}
	if st.Done > 0 {
		cfg.Logger.Info().Int64("done", st.Done).Int("run", st.Runs).Msg("resuming from the checkpoint: documents before it are made again but not sent")
	}

	s := newStreamSink(ctx, eng, cfg, st, want)
	runStart := time.Now()
	var prodErr error
	if st.Counts == nil {
		prodErr = produce(s)
	} else {
		// An earlier run had every document acknowledged and stopped in the
		// finishing steps (merge, count, swap): do those, without making
		// the documents again.
		cfg.Logger.Info().Int64("done", st.Done).Msg("every document was acknowledged by an earlier run: finishing the indices")
		for name, n := range st.Counts {
			s.counts[name] = n
		}
	}
	bulkErr := s.finish()
	s.checkpoint()
	st.LoadTime += time.Since(runStart)
	if err := writeStreamState(cfg.StatePath, st); err != nil {
		return nil, fmt.Errorf("stream: checkpoint: %w", err)
	}
	if err := errors.Join(prodErr, bulkErr); err != nil {
		return nil, fmt.Errorf("stream: stopped at document %d (checkpoint %s, run again to resume): %w", s.seq, cfg.StatePath, err)
	}
	st.Counts = s.counts
	if err := writeStreamState(cfg.StatePath, st); err != nil {
		return nil, fmt.Errorf("stream: checkpoint: %w", err)
	}

	rep := &Report{}
	var failedIdx []string
	names := make([]string, 0, len(want))
	for _, sp := range mappings.Specs() {
		if want[sp.Name] {
			names = append(names, sp.Name)
		}
	}
	for _, name := range names {
		ir := s.finishIndex(name)
		if ir.Err != "" {
			failedIdx = append(failedIdx, name)
		}
		rep.Indices = append(rep.Indices, ir)
	}
	rep.Duration = time.Since(start)
	if len(failedIdx) > 0 {
		return rep, fmt.Errorf("stream: %d index(es) not swapped (%s), %d document(s) failed", len(failedIdx), strings.Join(failedIdx, ", "), st.Failed)
	}
	st.Finished = true
	if err := writeStreamState(cfg.StatePath, st); err != nil {
		return rep, fmt.Errorf("stream: checkpoint: %w", err)
	}
	return rep, nil
}

// openStreamState resumes the checkpoint of cfg.Key, or begins a new build:
// new versioned indices with the bulk-load settings.
func openStreamState(ctx context.Context, eng *engine, cfg StreamConfig) (*StreamState, error) {
	st, err := ReadStreamState(cfg.StatePath)
	switch {
	case err == nil && !st.Finished:
		if st.Key != cfg.Key {
			return nil, fmt.Errorf("checkpoint %s is for %q, not %q: remove it (and its indices) to start over", cfg.StatePath, st.Key, cfg.Key)
		}
		for _, name := range cfg.Indices {
			ix := st.Indices[name]
			ok, err := eng.indexExists(ctx, ix)
			if err != nil {
				return nil, err
			}
			if ix == "" || !ok {
				return nil, fmt.Errorf("checkpoint %s: index %s of %s is missing: remove the checkpoint to start over", cfg.StatePath, ix, name)
			}
		}
		return st, nil
	case err != nil && !errors.Is(err, os.ErrNotExist):
		return nil, err
	}
	if err := os.MkdirAll(filepath.Dir(cfg.StatePath), 0o755); err != nil {
		return nil, err
	}
	st = &StreamState{Key: cfg.Key, Indices: map[string]string{}, Previous: map[string]string{}, StartedAt: time.Now().UTC().Format(time.RFC3339)}
	for _, name := range cfg.Indices {
		alias := cfg.Prefix + name
		prev, err := eng.aliasTargets(ctx, alias)
		if err != nil {
			return nil, fmt.Errorf("alias %s: %w", alias, err)
		}
		if len(prev) > 0 {
			st.Previous[name] = prev[len(prev)-1]
		}
		newName, err := versionName(ctx, eng, alias, time.Now())
		if err != nil {
			return nil, err
		}
		body, err := loadBody(name, cfg.shardsFor(name))
		if err != nil {
			return nil, err
		}
		if err := eng.do(ctx, http.MethodPut, "/"+esc(newName), body, nil); err != nil {
			return nil, fmt.Errorf("create %s: %w", newName, err)
		}
		st.Indices[name] = newName
	}
	return st, nil
}

// streamSink numbers the producer's documents, skips those the checkpoint
// says are done, and sends the rest through one bulk indexer. Add is called
// from the producer's goroutine only.
type streamSink struct {
	ctx    context.Context
	eng    *engine
	cfg    StreamConfig
	st     *StreamState
	want   map[string]bool
	bi     opensearchutil.BulkIndexer
	biErr  error
	seq    int64            // documents numbered so far
	resume int64            // documents before this are done (the checkpoint at the start)
	counts map[string]int64 // documents made per index (skipped ones too)
	sent   atomic.Int64
	made   atomic.Int64 // seq, for the progress log (another goroutine)
	stop   chan struct{}
	wg     sync.WaitGroup

	mu          sync.Mutex
	outstanding map[int64]int64 // chunk → documents sent, not yet acknowledged
	openChunk   int64           // the chunk the producer is in (later ones not started)
	retry       []streamItem
	done        int64 // contiguous acknowledged documents
	lastSaved   int64
}

type streamItem struct {
	index, id string
	body      []byte
	seq       int64
	attempt   int
}

func newStreamSink(ctx context.Context, eng *engine, cfg StreamConfig, st *StreamState, want map[string]bool) *streamSink {
	s := &streamSink{ctx: ctx, eng: eng, cfg: cfg, st: st, want: want, counts: map[string]int64{},
		outstanding: map[int64]int64{}, done: st.Done, resume: st.Done, lastSaved: st.Done, openChunk: st.Done / cfg.ChunkDocs,
		stop: make(chan struct{})}
	s.bi, s.biErr = s.newBulk()
	s.wg.Add(1)
	go s.saver()
	return s
}

func (s *streamSink) newBulk() (opensearchutil.BulkIndexer, error) {
	return opensearchutil.NewBulkIndexer(opensearchutil.BulkIndexerConfig{
		Client: s.eng.api, NumWorkers: s.cfg.Workers, FlushBytes: s.cfg.BulkBytes, FlushInterval: 5 * time.Second,
		OnError: func(_ context.Context, err error) {
			s.cfg.Logger.Warn().Err(err).Msg("bulk request failed; its documents will be retried")
		},
	})
}

// saver writes the checkpoint every 5 seconds and logs the progress.
func (s *streamSink) saver() {
	defer s.wg.Done()
	t := time.NewTicker(5 * time.Second)
	defer t.Stop()
	start, last := time.Now(), time.Now()
	for {
		select {
		case <-s.stop:
			return
		case <-t.C:
			s.checkpoint()
			if time.Since(last) >= 30*time.Second {
				last = time.Now()
				n := s.sent.Load()
				s.mu.Lock()
				done := s.done
				s.mu.Unlock()
				s.cfg.Logger.Info().Int64("made", s.made.Load()).Int64("sent", n).Int64("checkpoint", done).
					Float64("docs_per_sec", float64(n)/time.Since(start).Seconds()).Msg("streaming")
			}
		}
	}
}

// checkpoint saves the contiguous acknowledged count when it moved.
func (s *streamSink) checkpoint() {
	s.mu.Lock()
	done := s.done
	moved := done != s.lastSaved
	s.lastSaved = done
	s.st.Done = done
	s.mu.Unlock()
	if !moved {
		return
	}
	if err := writeStreamState(s.cfg.StatePath, s.st); err != nil {
		s.cfg.Logger.Error().Err(err).Msg("checkpoint not written")
	}
}

// advance moves done over every finished chunk (caller holds mu).
func (s *streamSink) advance() {
	for {
		c := s.done / s.cfg.ChunkDocs
		if c >= s.openChunk || s.outstanding[c] > 0 {
			return
		}
		delete(s.outstanding, c)
		s.done = (c + 1) * s.cfg.ChunkDocs
	}
}

// Wants reports whether the stream sends index's documents.
func (s *streamSink) Wants(index string) bool { return s.want[index] }

func (s *streamSink) Add(index, id string, doc any) error {
	if !s.want[index] {
		return nil
	}
	seq := s.seq
	s.seq++
	s.made.Store(s.seq)
	s.counts[index]++
	if seq%1024 == 0 {
		if err := s.ctx.Err(); err != nil {
			return err
		}
	}
	if seq < s.resume {
		return nil
	}
	if s.biErr != nil {
		return s.biErr
	}
	if chunk := seq / s.cfg.ChunkDocs; chunk != s.openChunk {
		// A new chunk: the previous one is complete on the producer's side.
		s.mu.Lock()
		s.openChunk = chunk
		s.advance()
		retry := s.retry
		s.retry = nil
		s.mu.Unlock()
		for _, it := range retry {
			if err := s.send(it); err != nil {
				return err
			}
		}
	}
	body, err := json.Marshal(doc)
	if err != nil {
		return fmt.Errorf("%s %s: %w", index, id, err)
	}
	s.mu.Lock()
	s.outstanding[seq/s.cfg.ChunkDocs]++
	s.mu.Unlock()
	return s.send(streamItem{index: index, id: id, body: body, seq: seq})
}

// maxAttempts bounds the sends of one document answered 429 or 5xx.
const maxAttempts = 5

func (s *streamSink) send(it streamItem) error {
	it.attempt++
	return s.bi.Add(s.ctx, opensearchutil.BulkIndexerItem{
		Action: "index", Index: s.st.Indices[it.index], DocumentID: it.id, Body: bytes.NewReader(it.body),
		OnSuccess: func(context.Context, opensearchutil.BulkIndexerItem, opensearchapiBulkRespItem) {
			s.sent.Add(1)
			s.ack(it.seq)
		},
		OnFailure: func(_ context.Context, _ opensearchutil.BulkIndexerItem, info opensearchapiBulkRespItem, err error) {
			if (err != nil || info.Status == http.StatusTooManyRequests || info.Status >= 500) && it.attempt < maxAttempts {
				s.mu.Lock()
				s.retry = append(s.retry, it)
				s.mu.Unlock()
				return
			}
			reason := fmt.Sprintf("status %d", info.Status)
			switch {
			case err != nil:
				reason = err.Error()
			case info.Error != nil:
				reason = info.Error.Type + ": " + info.Error.Reason
			}
			s.mu.Lock()
			s.st.Failed++
			if len(s.st.Failures) < 50 {
				s.st.Failures = append(s.st.Failures, Failure{ID: it.index + "/" + it.id, Reason: reason})
			}
			s.mu.Unlock()
			s.ack(it.seq) // reported (and the build will not swap), not waited for
		},
	})
}

func (s *streamSink) ack(seq int64) {
	s.mu.Lock()
	s.outstanding[seq/s.cfg.ChunkDocs]--
	s.advance()
	s.mu.Unlock()
}

// finish flushes the bulk indexer and sends the retries in further
// rounds (with backoff); when nothing is left outstanding, every document
// the producer made is done.
func (s *streamSink) finish() error {
	defer func() {
		close(s.stop)
		s.wg.Wait()
	}()
	if s.biErr != nil {
		return s.biErr
	}
	err := s.bi.Close(s.ctx)
	for round := 1; err == nil && round <= maxAttempts; round++ {
		s.mu.Lock()
		retry := s.retry
		s.retry = nil
		s.mu.Unlock()
		if len(retry) == 0 {
			break
		}
		s.cfg.Logger.Warn().Int("docs", len(retry)).Int("round", round).Msg("retrying rejected documents")
		select {
		case <-s.ctx.Done():
			return s.ctx.Err()
		case <-time.After(time.Duration(1<<round) * 500 * time.Millisecond):
		}
		if s.bi, err = s.newBulk(); err != nil {
			return err
		}
		for _, it := range retry {
			if err = s.send(it); err != nil {
				break
			}
		}
		if cerr := s.bi.Close(s.ctx); err == nil {
			err = cerr
		}
	}
	if err != nil {
		return err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, n := range s.outstanding {
		if n > 0 {
			return errors.New("documents still unacknowledged after the last retry round")
		}
	}
	s.openChunk = s.seq/s.cfg.ChunkDocs + 1
	s.advance()
	s.done = s.seq
	return nil
}

// finishIndex readies, checks and swaps one built index.
func (s *streamSink) finishIndex(name string) (ir IndexReport) {
	alias := s.cfg.Prefix + name
	newName := s.st.Indices[name]
	ir = IndexReport{Index: name, Alias: alias, NewIndex: newName, PreviousIndex: s.st.Previous[name], Read: s.counts[name]}
	start := time.Now()
	defer func() {
		ir.Duration = time.Since(start) + s.st.LoadTime
		if sec := (ir.Duration - ir.MergeTime).Seconds(); sec > 0 {
			ir.DocsPerSec = float64(ir.Indexed) / sec
		}
	}()
	fail := func(err error) IndexReport {
		ir.Err = err.Error()
		return ir
	}
	for _, f := range s.st.Failures {
		if strings.HasPrefix(f.ID, name+"/") {
			ir.Failures = append(ir.Failures, Failure{ID: strings.TrimPrefix(f.ID, name+"/"), Reason: f.Reason})
		}
	}
	sort.SliceStable(ir.Failures, func(i, j int) bool { return ir.Failures[i].ID < ir.Failures[j].ID })
	if len(ir.Failures) > 0 || s.st.Failed > 0 {
		ir.Failed = int64(len(ir.Failures))
		return fail(fmt.Errorf("%d document(s) failed over the whole build", s.st.Failed))
	}
	if err := finishBulk(s.ctx, s.eng, s.cfg.LoadConfig, name, newName, &ir); err != nil {
		return fail(err)
	}
	n, err := s.eng.count(s.ctx, newName)
	if err != nil {
		return fail(fmt.Errorf("count: %w", err))
	}
	ir.Count, ir.Indexed = n, n
	if n != s.counts[name] {
		return fail(fmt.Errorf("count %d != %d documents made", n, s.counts[name]))
	}
	// The alias may have moved since the build began (another load): swap
	// from whatever it points at now.
	prev, err := s.eng.aliasTargets(s.ctx, alias)
	if err != nil {
		return fail(fmt.Errorf("alias %s: %w", alias, err))
	}
	if len(prev) > 0 {
		ir.PreviousIndex = prev[len(prev)-1]
	}
	if err := swapVersion(s.ctx, s.eng, s.cfg.LoadConfig, alias, newName, prev, &ir); err != nil {
		return fail(err)
	}
	meta := LoadMeta{
		Index: name, Alias: alias, Version: newName, PreviousIndex: ir.PreviousIndex, Docs: n,
		LoadedAt: time.Now().UTC().Format(time.RFC3339), DurationMS: (s.st.LoadTime + time.Since(start)).Milliseconds(),
		Mode: "stream", Dir: s.cfg.StatePath, Source: s.cfg.Source, Release: s.cfg.Release,
	}
	if err := s.eng.do(s.ctx, http.MethodPut, "/"+esc(s.cfg.Prefix+MetaIndex)+"/_doc/"+esc(name)+"?refresh=true", meta, nil); err != nil {
		return fail(fmt.Errorf("record load metadata: %w", err))
	}
	return ir
}
