package jobs

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/redis/go-redis/v9"
	"github.com/rs/zerolog"

	"github.com/ukpd/propertyapi/addrmatch"
	"github.com/ukpd/propertyapi/ratelimit"
)

// Route is the route name charges of address-match jobs are counted under.
const Route = "jobs.address_match"

// RowWeight is the calls charged per row matched (error rows: none).
const RowWeight = 1

// Config configures a Service.
type Config struct {
	Redis     redis.UniversalClient
	Namespace string
	// Dir holds the jobs' files (input and results); every instance that
	// serves or runs jobs must see the same directory.
	Dir string
	// Matcher matches addresses (its index is the addresses alias).
	Matcher *addrmatch.Matcher
	// Limits charges and resolves the key of a job.
	Limits *ratelimit.Service
	// Consumer names this instance in the queue's consumer group (unique).
	Consumer string
	// Slots is how many jobs this instance works on at once (0: 2).
	Slots int
	// Lease is how long a worker holds a job between commits; a job whose
	// worker stops committing for this long is taken over (0: 30s).
	Lease time.Duration
	// BatchRows is the rows committed together (0: 500).
	BatchRows int
	// Parallel is the matcher calls in flight per batch (0: 4), each on
	// its share of the batch's rows.
	Parallel int
	// Retention is how long a finished job and its files are kept (0: 7 days).
	Retention time.Duration
	// RequeueAfter is how long a job may stay recorded but not queued (its
	// process died between the two) before a runner queues it (0: 1
	// minute); runners look when they start and every RequeueAfter.
	RequeueAfter time.Duration
	Logger       zerolog.Logger
}

// Service is the jobs' store, files and runner.
type Service struct {
	cfg   Config
	Store *Store
}

// New builds a Service.
func New(cfg Config) *Service {
	if cfg.Slots <= 0 {
		cfg.Slots = 2
	}
	if cfg.Lease <= 0 {
		cfg.Lease = 30 * time.Second
	}
	if cfg.BatchRows <= 0 {
		cfg.BatchRows = 500
	}
	if cfg.Parallel <= 0 {
		cfg.Parallel = 4
	}
	if cfg.Retention <= 0 {
		cfg.Retention = 7 * 24 * time.Hour
	}
	if cfg.RequeueAfter <= 0 {
		cfg.RequeueAfter = time.Minute
	}
	return &Service{cfg: cfg, Store: NewStore(cfg.Redis, cfg.Namespace)}
}

// Retention is how long finished jobs are kept.
func (s *Service) Retention() time.Duration { return s.cfg.Retention }

// JobDir is the directory of a job's files.
func (s *Service) JobDir(org, id string) string {
	return filepath.Join(s.cfg.Dir, safeName(org), safeName(id))
}

func safeName(s string) string {
	return strings.Map(func(r rune) rune {
		if r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '_' || r == '-' {
			return r
		}
		return '_'
	}, s)
}

// InputPath is the normalised input of a job.
func (s *Service) InputPath(org, id string) string {
	return filepath.Join(s.JobDir(org, id), "input.ndjson")
}

// chunkPath is the results of the batch starting at row start.
func (s *Service) chunkPath(org, id string, start int) string {
	return filepath.Join(s.JobDir(org, id), "results", fmt.Sprintf("%010d.ndjson", start))
}

// Run takes jobs from the queue until ctx ends. Jobs of a worker that
// stopped (killed, crashed) are taken over once their lease has expired.
func (s *Service) Run(ctx context.Context) error {
	q := s.Store.QueueKey()
	if err := s.cfg.Redis.XGroupCreateMkStream(ctx, q, Group, "0").Err(); err != nil && !strings.Contains(err.Error(), "BUSYGROUP") {
		return fmt.Errorf("jobs: create group: %w", err)
	}
	slots := make(chan struct{}, s.cfg.Slots)
	var wg sync.WaitGroup
	defer wg.Wait()
	wg.Add(1)
	go func() {
		defer wg.Done()
		s.reapEvery(ctx, s.cfg.RequeueAfter)
	}()
	lastSweep := time.Time{}
	for ctx.Err() == nil {
		select {
		case slots <- struct{}{}:
		case <-ctx.Done():
			return nil
		}
		msg, err := s.next(ctx)
		if err != nil || msg == nil {
			<-slots
			if err != nil && ctx.Err() == nil {
				s.cfg.Logger.Error().Err(err).Msg("jobs: read queue")
				sleep(ctx, time.Second)
			}
			if time.Since(lastSweep) > time.Hour {
				lastSweep = time.Now()
				s.sweep(ctx)
			}
			continue
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer func() { <-slots }()
			s.work(ctx, *msg)
		}()
	}
	return nil
}

// reapEvery queues the jobs recorded but never queued, now and every d.
func (s *Service) reapEvery(ctx context.Context, d time.Duration) {
	for ctx.Err() == nil {
		ids, err := s.Store.Reap(ctx, s.cfg.RequeueAfter)
		if err != nil && ctx.Err() == nil {
			s.cfg.Logger.Error().Err(err).Msg("jobs: requeue")
		}
		for _, id := range ids {
			s.cfg.Logger.Warn().Str("job", id).Msg("jobs: a job recorded but never queued was queued")
		}
		sleep(ctx, d)
	}
}

func sleep(ctx context.Context, d time.Duration) {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
	case <-ctx.Done():
	}
}

// next is a job whose worker stopped (lease expired), else a new one.
func (s *Service) next(ctx context.Context) (*redis.XMessage, error) {
	q := s.Store.QueueKey()
	msgs, _, err := s.cfg.Redis.XAutoClaim(ctx, &redis.XAutoClaimArgs{Stream: q, Group: Group, Consumer: s.cfg.Consumer,
		MinIdle: s.cfg.Lease, Start: "0-0", Count: 1}).Result()
	if err != nil && !errors.Is(err, redis.Nil) {
		return nil, err
	}
	if len(msgs) > 0 {
		return &msgs[0], nil
	}
	block := min(2*time.Second, s.cfg.Lease/2)
	res, err := s.cfg.Redis.XReadGroup(ctx, &redis.XReadGroupArgs{Group: Group, Consumer: s.cfg.Consumer,
		Streams: []string{q, ">"}, Count: 1, Block: block}).Result()
	if errors.Is(err, redis.Nil) || ctx.Err() != nil {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	for _, st := range res {
		for _, m := range st.Messages {
			return &m, nil
		}
	}
	return nil, nil
}

func (s *Service) ack(ctx context.Context, id string) {
	ctx = context.WithoutCancel(ctx)
	s.cfg.Redis.XAck(ctx, s.Store.QueueKey(), Group, id)
	s.cfg.Redis.XDel(ctx, s.Store.QueueKey(), id)
}

// work runs one job from its last committed row. A worker whose context
// ends stops where it is without releasing anything, like a killed one:
// another takes the job over after the lease.
func (s *Service) work(ctx context.Context, msg redis.XMessage) {
	org, _ := msg.Values["org"].(string)
	id, _ := msg.Values["job"].(string)
	log := s.cfg.Logger.With().Str("job", id).Str("org", org).Logger()
	st, err := s.Store.Acquire(ctx, org, id, s.cfg.Consumer, s.cfg.Lease)
	if err != nil {
		log.Error().Err(err).Msg("jobs: acquire")
		return
	}
	switch st {
	case "ok":
	case "busy":
		return // its worker is alive; it keeps the message
	default:
		s.ack(ctx, msg.ID) // finished, cancelled or expired
		return
	}
	j, err := s.Store.Get(ctx, org, id)
	if err != nil {
		log.Error().Err(err).Msg("jobs: read")
		return
	}
	state, reason := s.process(ctx, msg, j, log)
	if ctx.Err() != nil || state == "" {
		return
	}
	if err := s.Store.Finish(context.WithoutCancel(ctx), org, id, s.cfg.Consumer, state, reason, s.cfg.Retention); err != nil {
		log.Error().Err(err).Msg("jobs: finish")
		return
	}
	s.ack(ctx, msg.ID)
	log.Info().Str("state", state).Msg("jobs: job ended")
}

// Result is one row of a job's results.
type Result struct {
	Row    int    `json:"row"`
	Line   int    `json:"line"`
	ID     string `json:"id"`
	Status string `json:"status"` // matched, review, no_match, error
	addrmatch.Result
	Error string `json:"error,omitempty"`
}

// Result statuses.
const (
	StatusMatched = "matched"
	StatusReview  = "review"
	StatusNoMatch = "no_match"
	StatusError   = "error"
)

// process works through the job's batches. It returns the final state
// ("" when the worker must stop without ending the job).
func (s *Service) process(ctx context.Context, msg redis.XMessage, j *Job, log zerolog.Logger) (string, string) {
	f, err := os.Open(s.InputPath(j.OrgID, j.ID))
	if err != nil {
		return StateFailed, "the job's input is gone"
	}
	defer f.Close()
	if _, err := f.Seek(j.InOffset, io.SeekStart); err != nil {
		return StateFailed, "the job's input cannot be read"
	}
	br := bufio.NewReaderSize(f, 256<<10)
	off := j.InOffset
	start := j.Done
	p, perr := s.principal(ctx, j.KeyID)
	if perr != nil {
		return StateFailed, perr.Error()
	}
	if err := os.MkdirAll(filepath.Join(s.JobDir(j.OrgID, j.ID), "results"), 0o755); err != nil {
		log.Error().Err(err).Msg("jobs: results dir")
		return "", ""
	}
	// The job's own matcher: its cache keeps the candidates of the job's
	// postcodes and queries while the job runs.
	m := *s.cfg.Matcher
	m.Cache = addrmatch.NewCache(0)
	for {
		if ctx.Err() != nil {
			return "", ""
		}
		recs, next, err := readBatch(br, off, s.cfg.BatchRows)
		if err != nil {
			return StateFailed, "the job's input cannot be read"
		}
		if len(recs) == 0 {
			pc := m.Cache.Passes()
			log.Info().Int64("rows", pc.Rows).Int64("premises", pc.Premises).Int64("neighbours", pc.Neighbours).
				Int64("filtered", pc.Filtered).Int64("scored", pc.Scored).Int64("fuzzy", pc.Fuzzy).
				Interface("searches", pc.Searches).Interface("hits", pc.Hits).Interface("took_ms", pc.TookMS).
				Msg("jobs: rows settled by each matcher pass (searches, hits and engine ms: premises, neighbours, filtered, scored)")
			return StateDone, ""
		}
		results, err := s.matchBatch(ctx, &m, recs)
		if err != nil {
			if ctx.Err() != nil {
				return "", ""
			}
			log.Error().Err(err).Int("row", start).Msg("jobs: match batch failed; retrying")
			sleep(ctx, 2*time.Second)
			// Unread: the next loop reads the same rows again.
			if _, err := f.Seek(off, io.SeekStart); err != nil {
				return StateFailed, "the job's input cannot be read"
			}
			br.Reset(f)
			continue
		}
		b := Batch{Start: start, Rows: len(recs), NextOffset: next}
		for _, r := range results {
			switch r.Status {
			case StatusMatched:
				b.Matched++
			case StatusReview:
				b.Review++
			case StatusNoMatch:
				b.NoMatch++
			default:
				b.Errors++
			}
		}
		b.Charged = (b.Rows - b.Errors) * RowWeight
		if err := s.writeChunk(j.OrgID, j.ID, start, results); err != nil {
			log.Error().Err(err).Msg("jobs: write results")
			return "", ""
		}
		// Charge the batch once (a batch redone after a crash is not
		// charged again), then commit it.
		if b.Charged > 0 {
			d, _, err := s.cfg.Limits.ChargeOnce(ctx, p, ratelimit.Call{Route: Route, Weight: b.Charged, RequestID: j.ID},
				"job:"+j.ID, fmt.Sprint(start), s.cfg.Retention+24*time.Hour)
			if err != nil {
				if ctx.Err() != nil {
					return "", ""
				}
				log.Error().Err(err).Msg("jobs: charge failed; retrying")
				sleep(ctx, 2*time.Second)
				if _, err := f.Seek(off, io.SeekStart); err != nil {
					return StateFailed, "the job's input cannot be read"
				}
				br.Reset(f)
				continue
			}
			if !d.Allowed {
				return StateFailed, refusal(d, start)
			}
		}
		cancelled, err := s.Store.Commit(ctx, j.OrgID, j.ID, s.cfg.Consumer, b, s.cfg.Lease)
		if err != nil {
			if errors.Is(err, ErrNotRunning) || errors.Is(err, ErrLostLease) || errors.Is(err, ErrStaleCommit) {
				return "", "" // another worker has it, or it ended
			}
			if ctx.Err() != nil {
				return "", ""
			}
			log.Error().Err(err).Msg("jobs: commit")
			return "", ""
		}
		// Keep the queue message ours (its idle time restarts).
		s.cfg.Redis.XClaimJustID(ctx, &redis.XClaimArgs{Stream: s.Store.QueueKey(), Group: Group, Consumer: s.cfg.Consumer, Messages: []string{msg.ID}})
		if cancelled {
			return StateCancelled, ""
		}
		start += len(recs)
		off = next
	}
}

func refusal(d ratelimit.Decision, rows int) string {
	switch d.Limit {
	case ratelimit.LimitBalance:
		return fmt.Sprintf("stopped after %d rows: the token balance (%d) cannot pay the next batch", rows, d.TokensBalance)
	}
	return fmt.Sprintf("stopped after %d rows: the plan's monthly quota is used up (it resets at %s)", rows, d.Reset.UTC().Format(time.RFC3339))
}

// principal is the key a job charges, as it is now (a revoked key stops
// the job).
func (s *Service) principal(ctx context.Context, keyID string) (ratelimit.Principal, error) {
	st := s.cfg.Limits.Store()
	k, err := st.Key(ctx, keyID)
	if err != nil {
		return ratelimit.Principal{}, fmt.Errorf("the job's API key cannot be read: %w", err)
	}
	if !k.Active() {
		return ratelimit.Principal{}, errors.New("the job's API key was revoked")
	}
	o, err := st.Org(ctx, k.OrgID)
	if err != nil {
		return ratelimit.Principal{}, fmt.Errorf("the job's organisation cannot be read: %w", err)
	}
	plan, err := ratelimit.PlanByName(k.Plan)
	if err != nil {
		return ratelimit.Principal{}, err
	}
	return ratelimit.Principal{Key: k, Org: o, Plan: plan}, nil
}

// readBatch reads up to n records from offset off; next is the offset
// after them.
func readBatch(br *bufio.Reader, off int64, n int) ([]Record, int64, error) {
	var out []Record
	for len(out) < n {
		line, err := br.ReadBytes('\n')
		if len(line) > 0 && line[len(line)-1] == '\n' {
			var r Record
			if jerr := json.Unmarshal(line, &r); jerr != nil {
				return nil, off, jerr
			}
			out = append(out, r)
			off += int64(len(line))
		}
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, off, err
		}
	}
	return out, off, nil
}

// matchBatch matches a batch's rows with m, Parallel calls at a time.
func (s *Service) matchBatch(ctx context.Context, m *addrmatch.Matcher, recs []Record) ([]Result, error) {
	out := make([]Result, len(recs))
	var todo []int
	for i, r := range recs {
		out[i] = Result{Row: r.Row, Line: r.Line, ID: r.ID}
		if r.Error != "" {
			out[i].Status, out[i].Error = StatusError, r.Error
			out[i].Result = addrmatch.Result{MatchType: addrmatch.TypeNone, Recommendation: addrmatch.Reject, Candidates: []addrmatch.Candidate{}}
			continue
		}
		todo = append(todo, i)
	}
	per := max(1, (len(todo)+s.cfg.Parallel-1)/s.cfg.Parallel)
	var wg sync.WaitGroup
	errs := make(chan error, s.cfg.Parallel)
	for k := 0; k < len(todo); k += per {
		part := todo[k:min(k+per, len(todo))]
		wg.Add(1)
		go func() {
			defer wg.Done()
			in := make([]addrmatch.Input, len(part))
			for x, i := range part {
				in[x] = addrmatch.Input{Text: recs[i].Address, Postcode: recs[i].Postcode}
			}
			res, err := m.MatchMany(ctx, in)
			if err != nil {
				errs <- err
				return
			}
			for x, i := range part {
				out[i].Result = res[x]
				switch res[x].Recommendation {
				case addrmatch.Accept:
					out[i].Status = StatusMatched
				case addrmatch.Review:
					out[i].Status = StatusReview
				default:
					out[i].Status = StatusNoMatch
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	if err := <-errs; err != nil {
		return nil, err
	}
	return out, nil
}

// writeChunk writes a batch's results atomically (a redone batch replaces
// its file with the same rows).
func (s *Service) writeChunk(org, id string, start int, rs []Result) error {
	path := s.chunkPath(org, id, start)
	tmp, err := os.CreateTemp(filepath.Dir(path), ".chunk-*")
	if err != nil {
		return err
	}
	bw := bufio.NewWriterSize(tmp, 256<<10)
	enc := json.NewEncoder(bw)
	enc.SetEscapeHTML(false)
	for i := range rs {
		if err := enc.Encode(&rs[i]); err != nil {
			tmp.Close()
			os.Remove(tmp.Name())
			return err
		}
	}
	if err := bw.Flush(); err != nil {
		tmp.Close()
		os.Remove(tmp.Name())
		return err
	}
	if err := tmp.Close(); err != nil {
		os.Remove(tmp.Name())
		return err
	}
	return os.Rename(tmp.Name(), path)
}

// sweep deletes the files of jobs whose record has expired.
func (s *Service) sweep(ctx context.Context) {
	orgs, err := os.ReadDir(s.cfg.Dir)
	if err != nil {
		return
	}
	for _, o := range orgs {
		jobsDirs, err := os.ReadDir(filepath.Join(s.cfg.Dir, o.Name()))
		if err != nil {
			continue
		}
		for _, jd := range jobsDirs {
			info, err := jd.Info()
			if err != nil || time.Since(info.ModTime()) < time.Hour {
				continue // an upload in progress has no record yet
			}
			n, err := s.cfg.Redis.Exists(ctx, s.Store.jobKey(o.Name(), jd.Name())).Result()
			if err == nil && n == 0 {
				os.RemoveAll(filepath.Join(s.cfg.Dir, o.Name(), jd.Name()))
			}
		}
	}
}

// Results streams the committed rows of a job in input order: each
// batch's file up to the rows done.
func (s *Service) Results(org, id string, done int, fn func(Result) error) error {
	row := 0
	for row < done {
		f, err := os.Open(s.chunkPath(org, id, row))
		if err != nil {
			return fmt.Errorf("jobs: results of row %d: %w", row, err)
		}
		dec := json.NewDecoder(bufio.NewReaderSize(f, 256<<10))
		n := 0
		for row < done {
			var r Result
			if err := dec.Decode(&r); err == io.EOF {
				break
			} else if err != nil {
				f.Close()
				return err
			}
			if err := fn(r); err != nil {
				f.Close()
				return err
			}
			row++
			n++
		}
		f.Close()
		if n == 0 {
			return fmt.Errorf("jobs: empty results file at row %d", row)
		}
	}
	return nil
}
