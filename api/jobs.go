package api

// Bulk address-match jobs: upload a list of addresses (CSV, NDJSON or a
// multipart upload), follow the job, read the results. The upload is
// streamed to disk, normalised and checked before the job exists; workers
// (package jobs) take jobs from a Redis stream and charge each batch of
// rows as it is committed.

import (
	"bufio"
	"context"
	"crypto/sha256"
	"encoding/csv"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"mime/multipart"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/gorilla/mux"

	"github.com/ukpd/propertyapi/jobs"
)

// Error codes of the jobs endpoints.
const (
	CodeMissingAddressColumn = jobs.CodeMissingAddressColumn
	CodeEmptyUpload          = jobs.CodeEmptyUpload
	CodeNotUTF8              = jobs.CodeNotUTF8
	CodeTooManyRows          = jobs.CodeTooManyRows
	CodeJobFinished          = "job_finished"
	CodeJobsUnavailable      = "jobs_unavailable"
)

// OwnIdempotency names the routes that handle Idempotency-Key themselves
// (the gate's replay reads the whole body; an upload is streamed).
func OwnIdempotency(route string) bool { return route == "jobs.address_match.create" }

// jobsIdemTTL is how long an Idempotency-Key names its job.
const jobsIdemTTL = 24 * time.Hour

// jobView is a job with its links.
type jobView struct {
	*jobs.Job
	Links map[string]string `json:"links"`
}

func viewOf(j *jobs.Job) jobView {
	base := "/api/v1/jobs/" + j.ID
	return jobView{Job: j, Links: map[string]string{"self": base, "events": base + "/events", "results": base + "/results",
		"results_csv": base + "/results?format=csv"}}
}

// jobsOrg returns the jobs service and the caller's organisation.
func (s *Server) jobsOrg(r *http.Request) (*jobs.Service, string, string, error) {
	if s.opt.Jobs == nil {
		return nil, "", "", Errorf(http.StatusServiceUnavailable, CodeJobsUnavailable, "bulk jobs need Redis and a jobs directory; this server runs without them")
	}
	p, ok := PrincipalFrom(r.Context())
	if !ok {
		return nil, "", "", Errorf(http.StatusUnauthorized, CodeAuthRequired, "bulk jobs need an API key")
	}
	return s.opt.Jobs, p.Org.ID, p.Key.ID, nil
}

func (s *Server) jobOf(r *http.Request) (*jobs.Service, *jobs.Job, error) {
	js, org, _, err := s.jobsOrg(r)
	if err != nil {
		return nil, nil, err
	}
	id := mux.Vars(r)["id"]
	if !jobs.ValidID(id) {
		return nil, nil, InvalidParam("id", "%q is not a job id (job_ and 24 hex digits)", truncate(id, 40))
	}
	j, err := js.Store.Get(r.Context(), org, id)
	if errors.Is(err, jobs.ErrNotFound) {
		return nil, nil, NotFound("no job %s", truncate(id, 40))
	}
	if err != nil {
		return nil, nil, fmt.Errorf("job %s: %w", id, err)
	}
	return js, j, nil
}

// uploadFormat is the format of a body by its media type (or, for a file
// part, its name).
func uploadFormat(mediaType, filename string) string {
	switch strings.ToLower(mediaType) {
	case "text/csv", "application/csv", "text/comma-separated-values":
		return jobs.FormatCSV
	case "application/x-ndjson", "application/ndjson", "application/jsonl", "application/x-jsonlines", "application/jsonlines":
		return jobs.FormatNDJSON
	}
	switch strings.ToLower(filepath.Ext(filename)) {
	case ".csv":
		return jobs.FormatCSV
	case ".ndjson", ".jsonl":
		return jobs.FormatNDJSON
	}
	return ""
}

// jobCreate answers POST jobs/address-match.
func (s *Server) jobCreate(w http.ResponseWriter, r *http.Request) error {
	js, org, keyID, err := s.jobsOrg(r)
	if err != nil {
		return err
	}
	p, _ := PrincipalFrom(r.Context())
	lim := jobs.PlanLimits(p.Plan.Name)
	ctx := r.Context()
	idem, idemSent := r.Header.Get("Idempotency-Key"), len(r.Header.Values("Idempotency-Key")) > 0
	if idemSent && (idem == "" || len(idem) > 255 || strings.ContainsFunc(idem, func(c rune) bool { return c < 0x21 || c > 0x7e })) {
		return Errorf(http.StatusBadRequest, CodeBadRequest, "the Idempotency-Key header must be 1 to 255 visible ASCII characters")
	}
	// A retry of a recorded job is not held back by the concurrency limit.
	known := ""
	if idem != "" {
		if known, err = js.Store.IdemJob(ctx, org, idem); err != nil {
			return fmt.Errorf("jobs idempotency: %w", err)
		}
	}
	if n, err := js.Store.Active(ctx, org); err != nil {
		return fmt.Errorf("jobs: active: %w", err)
	} else if n >= lim.Concurrent && known == "" {
		return jobLimitErr(p.Plan.Name, lim)
	}
	// The body, or the first file of a multipart upload.
	body, format, filename, err := uploadBody(w, r)
	if err != nil {
		return err
	}
	rc := http.NewResponseController(w)
	_ = rc.SetReadDeadline(time.Now().Add(15 * time.Minute))
	j := &jobs.Job{ID: jobs.NewID(), OrgID: org, KeyID: keyID, Format: format, Filename: truncate(filename, 200), Created: time.Now().UTC(), State: jobs.StateQueued}
	dir := js.JobDir(org, j.ID)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("jobs: %w", err)
	}
	keep := false
	defer func() {
		if !keep {
			os.RemoveAll(dir)
		}
	}()
	f, err := os.Create(js.InputPath(org, j.ID))
	if err != nil {
		return fmt.Errorf("jobs: %w", err)
	}
	bw := bufio.NewWriterSize(f, 256<<10)
	fp := sha256.New()
	io.WriteString(fp, format+"\n")
	rows, nerr := jobs.Normalize(io.TeeReader(body, fp), format, lim.MaxRows, bw)
	if nerr == nil {
		nerr = bw.Flush()
	}
	if cerr := f.Close(); nerr == nil {
		nerr = cerr
	}
	if nerr != nil {
		var ie *jobs.InputError
		var mbe *http.MaxBytesError
		switch {
		case errors.As(nerr, &ie):
			e := Errorf(ie.Status, ie.Code, "%s", ie.Message)
			e.Details = ie.Details
			return e
		case errors.As(nerr, &mbe):
			e := Errorf(http.StatusRequestEntityTooLarge, CodeRequestTooLarge, "the upload is larger than %d bytes", jobs.MaxUploadBytes)
			e.Details = map[string]any{"max_bytes": jobs.MaxUploadBytes}
			return e
		case ctx.Err() != nil:
			return Errorf(http.StatusBadRequest, CodeBadRequest, "the upload was interrupted")
		}
		return Errorf(http.StatusBadRequest, CodeBadRequest, "the upload could not be read: %s", truncate(nerr.Error(), 200))
	}
	j.Rows = rows
	id, dup, err := js.Store.Create(ctx, j, lim.Concurrent, idem, hex.EncodeToString(fp.Sum(nil)), jobsIdemTTL)
	if errors.Is(err, jobs.ErrConcurrency) {
		return jobLimitErr(p.Plan.Name, lim)
	}
	if errors.Is(err, jobs.ErrIdemReused) {
		return Errorf(http.StatusUnprocessableEntity, CodeIdempotencyReused, "this Idempotency-Key started job %s with another upload; use a new key for a new upload", id)
	}
	if err != nil {
		return err
	}
	if dup {
		jj, err := js.Store.Get(ctx, org, id)
		if err != nil {
			return fmt.Errorf("jobs: %w", err)
		}
		w.Header().Set("Idempotent-Replayed", "true")
		w.Header().Set("Location", "/api/v1/jobs/"+id)
		return writeJSON(w, http.StatusAccepted, viewOf(jj))
	}
	keep = true
	if err := js.Store.Enqueue(context.WithoutCancel(ctx), org, id); err != nil {
		js.Store.Delete(context.WithoutCancel(ctx), org, id)
		keep = false
		return fmt.Errorf("jobs: enqueue: %w", err)
	}
	jj, err := js.Store.Get(ctx, org, id)
	if err != nil {
		return fmt.Errorf("jobs: %w", err)
	}
	w.Header().Set("Location", "/api/v1/jobs/"+id)
	return writeJSON(w, http.StatusAccepted, viewOf(jj))
}

func jobLimitErr(plan string, lim jobs.Limits) *Error {
	e := Errorf(http.StatusTooManyRequests, CodeLimitReached, "the %s plan runs %d address-match job(s) at once; wait for one to finish or cancel one", plan, lim.Concurrent)
	e.Details = map[string]any{"concurrent_jobs": lim.Concurrent}
	e.Header = http.Header{"Retry-After": []string{"10"}}
	return e
}

// uploadBody returns the upload (size-limited) and its format.
func uploadBody(w http.ResponseWriter, r *http.Request) (io.Reader, string, string, error) {
	body := http.MaxBytesReader(w, r.Body, jobs.MaxUploadBytes)
	mt, params, err := mime.ParseMediaType(r.Header.Get("Content-Type"))
	if err != nil {
		return nil, "", "", Errorf(http.StatusUnsupportedMediaType, CodeUnsupportedMedia, "Content-Type must be text/csv, application/x-ndjson or multipart/form-data with a file")
	}
	if mt != "multipart/form-data" {
		f := uploadFormat(mt, "")
		if f == "" {
			return nil, "", "", Errorf(http.StatusUnsupportedMediaType, CodeUnsupportedMedia, "unknown upload format %s: send text/csv or application/x-ndjson (or a multipart upload of a .csv or .ndjson file)", truncate(mt, 60))
		}
		return body, f, "", nil
	}
	mr := multipart.NewReader(body, params["boundary"])
	for {
		part, err := mr.NextPart()
		if err == io.EOF {
			return nil, "", "", Errorf(http.StatusUnprocessableEntity, CodeEmptyUpload, "the multipart upload has no file part")
		}
		if err != nil {
			return nil, "", "", Errorf(http.StatusBadRequest, CodeBadRequest, "the multipart upload could not be read")
		}
		if part.FileName() == "" {
			continue
		}
		f := uploadFormat(part.Header.Get("Content-Type"), part.FileName())
		if f == "" {
			return nil, "", "", Errorf(http.StatusUnsupportedMediaType, CodeUnsupportedMedia, "unknown file format of %s: upload a .csv or .ndjson file", truncate(part.FileName(), 60))
		}
		return part, f, part.FileName(), nil
	}
}

// jobGet answers GET jobs/{id}.
func (s *Server) jobGet(w http.ResponseWriter, r *http.Request) error {
	_, j, err := s.jobOf(r)
	if err != nil {
		return err
	}
	return writeJSON(w, http.StatusOK, viewOf(j))
}

// jobList answers GET jobs.
func (s *Server) jobList(w http.ResponseWriter, r *http.Request) error {
	js, org, _, err := s.jobsOrg(r)
	if err != nil {
		return err
	}
	p := newParams(r)
	limit := p.Int("limit", 20, 1, 100)
	if err := p.Err(); err != nil {
		return err
	}
	list, err := js.Store.List(r.Context(), org, limit)
	if err != nil {
		return err
	}
	views := make([]jobView, len(list))
	for i, j := range list {
		views[i] = viewOf(j)
	}
	return writeJSON(w, http.StatusOK, map[string]any{"jobs": views, "count": len(views)})
}

// jobCancel answers DELETE jobs/{id}.
func (s *Server) jobCancel(w http.ResponseWriter, r *http.Request) error {
	js, j, err := s.jobOf(r)
	if err != nil {
		return err
	}
	before, err := js.Store.Cancel(r.Context(), j.OrgID, j.ID)
	if err != nil {
		return err
	}
	switch before {
	case jobs.StateDone, jobs.StateFailed:
		return Errorf(http.StatusConflict, CodeJobFinished, "job %s has already ended (%s)", j.ID, before)
	case jobs.StateQueued:
		js.Store.Expire(r.Context(), j.OrgID, j.ID, js.Retention())
	}
	j, err = js.Store.Get(r.Context(), j.OrgID, j.ID)
	if err != nil {
		return err
	}
	return writeJSON(w, http.StatusOK, viewOf(j))
}

// jobEvents answers GET jobs/{id}/events: server-sent events, a
// "progress" event whenever the job shows something new and "end" when it
// ends, each with its id (jobs.Job.EventID). Last-Event-ID (or
// last_event_id) resumes: what that event showed is not sent again, and a
// client that has seen the end is answered 204, which tells an EventSource
// to stop reconnecting. The stream ends with the server (CloseStreams) or
// after AlertStreamMax; clients reconnect with Last-Event-ID.
func (s *Server) jobEvents(w http.ResponseWriter, r *http.Request) error {
	p := newParams(r)
	last := p.lastEventID(r, jobs.ValidEventID, "500-1")
	if err := p.Err(); err != nil {
		return err
	}
	js, j, err := s.jobOf(r)
	if err != nil {
		return err
	}
	if last != "" && jobs.Terminal(j.State) && j.EventID() == last {
		w.Header().Set("Cache-Control", "no-store")
		w.WriteHeader(http.StatusNoContent)
		return nil
	}
	rc := http.NewResponseController(w)
	_ = rc.SetWriteDeadline(time.Time{})
	h := w.Header()
	h.Set("Content-Type", "text/event-stream")
	h.Set("Cache-Control", "no-store")
	h.Set("X-Accel-Buffering", "no")
	w.WriteHeader(http.StatusOK)
	_ = rc.Flush()
	end := time.NewTimer(s.streamMax())
	defer end.Stop()
	tick := time.NewTicker(ssePoll)
	defer tick.Stop()
	idle := time.Now()
	for {
		if id := j.EventID(); id != last {
			last = id
			event := "progress"
			if jobs.Terminal(j.State) {
				event = "end"
			}
			b, _ := json.Marshal(viewOf(j))
			if _, err := fmt.Fprintf(w, "id: %s\nevent: %s\ndata: %s\n\n", id, event, b); err != nil {
				return nil
			}
			_ = rc.Flush()
			idle = time.Now()
			if event == "end" {
				return nil
			}
		} else if time.Since(idle) >= sseHeartbeat {
			if _, err := io.WriteString(w, ": keep-alive\n\n"); err != nil {
				return nil
			}
			_ = rc.Flush()
			idle = time.Now()
		}
		select {
		case <-r.Context().Done():
			return nil
		case <-s.streamsDone:
			return nil
		case <-end.C:
			return nil
		case <-tick.C:
		}
		nj, err := js.Store.Get(r.Context(), j.OrgID, j.ID)
		if err != nil {
			return nil // the stream has started: end it
		}
		j = nj
	}
}

// resultsCSVHeader are the columns of results as CSV.
var resultsCSVHeader = []string{"row", "line", "id", "status", "uprn", "address", "matched_postcode", "confidence", "match_type",
	"recommendation", "reason_postcode", "reason_number", "reason_street", "reason_flat", "reason_building_name", "reason_town",
	"candidates", "error"}

// jobResults answers GET jobs/{id}/results: the rows finished so far, in
// input order, as NDJSON (default) or CSV (?format=csv or Accept: text/csv).
func (s *Server) jobResults(w http.ResponseWriter, r *http.Request) error {
	// ?format= wins over Accept; sent, it is one of the enum (any case),
	// and sent empty it is refused like every typed parameter.
	p := newParams(r)
	format := p.Enum("format", "", jobs.FormatNDJSON, jobs.FormatCSV)
	if err := p.Err(); err != nil {
		return err
	}
	js, j, err := s.jobOf(r)
	if err != nil {
		return err
	}
	if format == "" {
		format = jobs.FormatNDJSON
		if strings.Contains(r.Header.Get("Accept"), "text/csv") {
			format = jobs.FormatCSV
		}
	}
	rc := http.NewResponseController(w)
	_ = rc.SetWriteDeadline(time.Time{})
	h := w.Header()
	h.Set("X-Job-State", j.State)
	h.Set("X-Job-Rows-Done", strconv.Itoa(j.Done))
	h.Set("Cache-Control", "no-store")
	bw := bufio.NewWriterSize(w, 64<<10)
	var write func(jobs.Result) error
	if format == jobs.FormatCSV {
		h.Set("Content-Type", "text/csv; charset=utf-8")
		h.Set("Content-Disposition", `attachment; filename="`+j.ID+`-results.csv"`)
		cw := csv.NewWriter(bw)
		if err := cw.Write(resultsCSVHeader); err != nil {
			return err
		}
		write = func(x jobs.Result) error {
			err := cw.Write(resultCSVRow(x))
			cw.Flush()
			return err
		}
	} else {
		h.Set("Content-Type", "application/x-ndjson")
		h.Set("Content-Disposition", `attachment; filename="`+j.ID+`-results.ndjson"`)
		enc := json.NewEncoder(bw)
		enc.SetEscapeHTML(false)
		write = func(x jobs.Result) error { return enc.Encode(&x) }
	}
	if err := js.Results(j.OrgID, j.ID, j.Done, write); err != nil {
		return err
	}
	return bw.Flush()
}

func resultCSVRow(x jobs.Result) []string {
	str := func(p *string) string {
		if p == nil {
			return ""
		}
		return *p
	}
	uprn := ""
	if x.UPRN != nil {
		uprn = strconv.FormatInt(*x.UPRN, 10)
	}
	var rs [6]string
	if x.Reasons != nil {
		rs = [6]string{x.Reasons.Postcode, x.Reasons.Number, x.Reasons.Street, x.Reasons.Flat, x.Reasons.BuildingName, x.Reasons.Town}
	}
	var cands []string
	for _, c := range x.Candidates {
		cands = append(cands, fmt.Sprintf("%d:%.2f:%s", c.UPRN, c.Confidence, c.Address))
	}
	conf := ""
	if x.Status != jobs.StatusError {
		conf = strconv.FormatFloat(x.Confidence, 'f', 2, 64)
	}
	return []string{strconv.Itoa(x.Row), strconv.Itoa(x.Line), x.ID, x.Status, uprn, str(x.Address), str(x.Postcode), conf,
		x.MatchType, x.Recommendation, rs[0], rs[1], rs[2], rs[3], rs[4], rs[5], strings.Join(cands, " | "), x.Error}
}
