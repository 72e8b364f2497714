package api

// Saved searches and alerts: CRUD of saved searches stored as
// percolator queries, a test delivery, and the live Server-Sent Events
// stream of an organisation's events. Matching happens in the indexer;
// delivery in the alerts deliverer (package alerts).

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"time"

	"github.com/rs/zerolog"

	"github.com/ukpd/propertyapi/alerts"
	"github.com/ukpd/propertyapi/api/search"
	"github.com/ukpd/propertyapi/ratelimit"
)

// Alert limits (documented in docs/alerts.md).
const (
	maxAlertBody    = 64 << 10
	maxAlertUPRNs   = 1000
	maxAlertNameLen = 100
	// sseHeartbeat keeps proxies from closing an idle stream.
	sseHeartbeat = 15 * time.Second
	// ssePoll is how often the stream looks for new events (non-blocking
	// reads, so a thousand open streams hold no Redis connections).
	ssePoll = 500 * time.Millisecond
)

// AlertLimit is the number of saved searches an organisation may keep on a plan.
func AlertLimit(plan string) int {
	switch plan {
	case ratelimit.PlanStarter:
		return 25
	case ratelimit.PlanGrowth:
		return 100
	case ratelimit.PlanPro:
		return 500
	case ratelimit.PlanScale:
		return 2000
	case ratelimit.PlanEnterprise:
		return alerts.MaxListed
	}
	return 3 // free, and unknown plans
}

// alertView is an alert as clients see it.
type alertView struct {
	ID         string            `json:"id"`
	Name       string            `json:"name"`
	Filters    map[string]string `json:"filters"`
	UPRNs      []int64           `json:"uprns"`
	Postcodes  []string          `json:"postcodes"`
	Events     []string          `json:"events"`
	Delivery   string            `json:"delivery"` // webhook or stream
	WebhookURL *string           `json:"webhook_url"`
	Enabled    bool              `json:"enabled"`
	// Public: the organisation's public keys see this alert's events in
	// the relay's stream (listing-map/alerts).
	Public    bool          `json:"public"`
	CreatedAt string        `json:"created_at"`
	UpdatedAt string        `json:"updated_at"`
	State     *alerts.State `json:"state,omitempty"`
	// Secret is the webhook signing secret: returned once, on creation and
	// when rotated; never again.
	Secret string `json:"secret,omitempty"`
}

func toAlertView(a *alerts.Alert) alertView {
	v := alertView{ID: a.ID, Name: a.Name, Filters: a.Filters, UPRNs: a.UPRNs, Events: a.Events, Delivery: "stream",
		Enabled: a.Enabled, Public: a.Public, CreatedAt: a.CreatedAt, UpdatedAt: a.UpdatedAt}
	if v.Filters == nil {
		v.Filters = map[string]string{}
	}
	if v.UPRNs == nil {
		v.UPRNs = []int64{}
	}
	v.Postcodes = a.Postcodes
	if v.Postcodes == nil {
		v.Postcodes = []string{}
	}
	if a.WebhookURL != "" {
		v.Delivery, v.WebhookURL = "webhook", &a.WebhookURL
	}
	return v
}

// alertsCaller returns the alerts service (or the 503 when it is not
// wired) and the caller's organisation and plan (or the 401 without one).
func (s *Server) alertsCaller(r *http.Request) (svc *alerts.Service, org, plan string, err error) {
	if s.opt.Alerts == nil {
		return nil, "", "", Errorf(http.StatusServiceUnavailable, CodeServiceUnavailable, "alerts need Redis: this server runs with REDIS_URL=memory")
	}
	ci := callInfoFrom(r.Context())
	if ci == nil || ci.OrgID == "" {
		return nil, "", "", Errorf(http.StatusUnauthorized, CodeAuthRequired, "alerts belong to an organisation: send Authorization: Api-Key <key>")
	}
	return s.opt.Alerts, ci.OrgID, ci.Plan, nil
}

// storeErr maps a storage failure (Redis, engine) to a 503/404 and logs it.
func storeErr(r *http.Request, err error) error {
	if errors.Is(err, alerts.ErrNotFound) {
		return NotFound("no alert with id %q", pathVar(r, "id"))
	}
	var ce *Error
	if errors.As(err, &ce) {
		return err
	}
	if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) ||
		errors.Is(err, search.ErrUnavailable) || errors.Is(err, search.ErrTimeout) || errors.Is(err, search.ErrBadRequest) {
		return err // the shared table maps these
	}
	l := zerolog.Ctx(r.Context())
	l.Error().Err(err).Msg("alerts storage")
	e := Errorf(http.StatusServiceUnavailable, CodeServiceUnavailable, "alert storage is temporarily unavailable; retry shortly")
	e.Header = http.Header{"Retry-After": []string{"2"}}
	return e
}

func (s *Server) alertsCreate(w http.ResponseWriter, r *http.Request) error {
	svc, org, plan, err := s.alertsCaller(r)
	if err != nil {
		return err
	}
	req, err := decodeAlertBody(w, r)
	if err != nil {
		return err
	}
	now := s.opt.Now().UTC().Format(time.RFC3339)
	a := &alerts.Alert{ID: newAlertID(), OrgID: org, Enabled: true, CreatedAt: now, UpdatedAt: now}
	_, secret, err := s.applyAlertRequest(r.Context(), svc, a, req, true)
	if err != nil {
		return err
	}
	q, err := s.alertQuery(r.Context(), a.Filters, a.UPRNs, a.Postcodes)
	if err != nil {
		return err
	}
	n, err := svc.Count(r.Context(), org)
	if err != nil {
		return storeErr(r, err)
	}
	if limit := AlertLimit(plan); n >= int64(limit) {
		e := Errorf(http.StatusForbidden, CodeLimitReached, "your plan allows %d saved searches and you have %d; delete one or upgrade", limit, n)
		e.Details = map[string]any{"limit": limit, "count": n}
		return e
	}
	if err := svc.Put(r.Context(), a, q); err != nil {
		return storeErr(r, err)
	}
	v := toAlertView(a)
	st, _ := svc.State(r.Context(), a)
	v.State, v.Secret = &st, secret
	w.Header().Set("Location", "/api/v1/alerts/"+a.ID)
	return writeJSON(w, http.StatusCreated, v)
}

func (s *Server) alertsList(w http.ResponseWriter, r *http.Request) error {
	svc, org, plan, err := s.alertsCaller(r)
	if err != nil {
		return err
	}
	list, err := svc.List(r.Context(), org)
	if err != nil {
		return storeErr(r, err)
	}
	out := struct {
		Count   int         `json:"count"`
		Limit   int         `json:"limit"`
		Results []alertView `json:"results"`
	}{Count: len(list), Limit: AlertLimit(plan), Results: []alertView{}}
	for i := range list {
		v := toAlertView(&list[i])
		st, err := svc.State(r.Context(), &list[i])
		if err != nil {
			return storeErr(r, err)
		}
		v.State = &st
		out.Results = append(out.Results, v)
	}
	return writeJSON(w, http.StatusOK, out)
}

func (s *Server) alertFor(r *http.Request) (*alerts.Service, *alerts.Stored, error) {
	svc, org, _, err := s.alertsCaller(r)
	if err != nil {
		return nil, nil, err
	}
	id := pathVar(r, "id")
	if !strings.HasPrefix(id, "alr_") || len(id) > 40 {
		return nil, nil, NotFound("no alert with id %q", id)
	}
	a, err := svc.Get(r.Context(), org, id)
	if err != nil {
		return nil, nil, storeErr(r, err)
	}
	return svc, a, nil
}

func (s *Server) alertsGet(w http.ResponseWriter, r *http.Request) error {
	svc, a, err := s.alertFor(r)
	if err != nil {
		return err
	}
	v := toAlertView(&a.Alert)
	st, err := svc.State(r.Context(), &a.Alert)
	if err != nil {
		return storeErr(r, err)
	}
	v.State = &st
	return writeJSON(w, http.StatusOK, v)
}

func (s *Server) alertsUpdate(w http.ResponseWriter, r *http.Request) error {
	svc, a, err := s.alertFor(r)
	if err != nil {
		return err
	}
	req, err := decodeAlertBody(w, r)
	if err != nil {
		return err
	}
	rebuild, secret, err := s.applyAlertRequest(r.Context(), svc, &a.Alert, req, false)
	if err != nil {
		return err
	}
	q := a.Query
	if rebuild {
		if q, err = s.alertQuery(r.Context(), a.Filters, a.UPRNs, a.Postcodes); err != nil {
			return err
		}
	}
	a.UpdatedAt = s.opt.Now().UTC().Format(time.RFC3339)
	if err := svc.Put(r.Context(), &a.Alert, q); err != nil {
		return storeErr(r, err)
	}
	v := toAlertView(&a.Alert)
	st, _ := svc.State(r.Context(), &a.Alert)
	v.State, v.Secret = &st, secret
	return writeJSON(w, http.StatusOK, v)
}

func (s *Server) alertsDelete(w http.ResponseWriter, r *http.Request) error {
	svc, a, err := s.alertFor(r)
	if err != nil {
		return err
	}
	if err := svc.Delete(r.Context(), a.OrgID, a.ID); err != nil {
		return storeErr(r, err)
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}

// alertsTest appends a sample "test" event to the stream (SSE clients see
// it) and, for a webhook alert, posts it to the webhook now and reports the
// answer. The deliverer does not send test events again.
func (s *Server) alertsTest(w http.ResponseWriter, r *http.Request) error {
	svc, a, err := s.alertFor(r)
	if err != nil {
		return err
	}
	doc, _ := json.Marshal(map[string]any{"id": "00000000-0000-4000-8000-000000000000", "display_address": "1 Sample Street, Exeter EX1 1AA",
		"latest_price": 250000, "latest_status": "For sale", "transaction_type": "Sale", "sample": true})
	evs, err := svc.Append(r.Context(), []alerts.Event{{AlertID: a.ID, OrgID: a.OrgID, Type: alerts.EventTest,
		ListingID: "00000000-0000-4000-8000-000000000000", Document: doc, DedupKey: "test-" + newAlertID()[4:]}})
	if err != nil {
		return storeErr(r, err)
	}
	out := struct {
		Event    alerts.Event `json:"event"`
		Delivery *struct {
			Status     int     `json:"status"`
			OK         bool    `json:"ok"`
			Error      *string `json:"error"`
			DurationMS int64   `json:"duration_ms"`
		} `json:"delivery"`
	}{Event: evs[0]}
	if a.WebhookURL != "" {
		start := time.Now()
		ctx, cancel := context.WithTimeout(r.Context(), 10*time.Second)
		defer cancel()
		status, derr := alerts.Post(ctx, alerts.WebhookClient(svc.Guard(), 10*time.Second), svc.Box(), &a.Alert, evs[0])
		out.Delivery = &struct {
			Status     int     `json:"status"`
			OK         bool    `json:"ok"`
			Error      *string `json:"error"`
			DurationMS int64   `json:"duration_ms"`
		}{Status: status, OK: derr == nil, DurationMS: time.Since(start).Milliseconds()}
		if derr != nil {
			msg := derr.Error()
			out.Delivery.Error = &msg
		}
	}
	return writeJSON(w, http.StatusOK, out)
}

// alertsStream is the organisation's live event stream (text/event-stream).
// Last-Event-ID (header, or last_event_id for clients that cannot set
// headers) resumes after that event; without it the stream starts with the
// next event. alert_id narrows it to one alert.
func (s *Server) alertsStream(w http.ResponseWriter, r *http.Request) error {
	svc, org, _, err := s.alertsCaller(r)
	if err != nil {
		return err
	}
	p := newParams(r)
	onlyAlert := p.String("alert_id", 40)
	last := p.lastEventID(r, alerts.ValidEventID, "1732450000000-0")
	if err := p.Err(); err != nil {
		return err
	}
	ctx := r.Context()
	// A public key (the browser relay) sees only the events of alerts the
	// organisation marked public; the set is re-read every few seconds so
	// a change of the flag takes effect on open streams.
	var visible func(alertID string) bool
	if p, ok := PrincipalFrom(ctx); ok && p.Key.Kind == ratelimit.KindPublic {
		pa := &publicAlerts{svc: svc, org: org}
		if err := pa.refresh(ctx); err != nil {
			return storeErr(r, err)
		}
		visible = func(id string) bool { return pa.has(ctx, id) }
	}
	if last == "" {
		if last, err = svc.LastID(ctx, org); err != nil {
			return storeErr(r, err)
		}
	}
	rc := http.NewResponseController(w)
	_ = rc.SetWriteDeadline(time.Time{}) // a stream outlives the server's write timeout
	h := w.Header()
	h.Set("Content-Type", "text/event-stream")
	h.Set("Cache-Control", "no-cache")
	h.Set("X-Accel-Buffering", "no")
	w.WriteHeader(http.StatusOK)
	fmt.Fprintf(w, "retry: 3000\n: stream of organisation events after %s\n\n", last)
	if err := rc.Flush(); err != nil {
		return nil
	}
	end := time.NewTimer(s.streamMax())
	defer end.Stop()
	tick := time.NewTicker(ssePoll)
	defer tick.Stop()
	lastWrite := time.Now()
	for {
		evs, err := svc.Read(ctx, org, last, 100, 0)
		if err != nil {
			if ctx.Err() != nil {
				return nil
			}
			fmt.Fprintf(w, "event: error\ndata: {\"code\":\"service_unavailable\"}\n\n")
			_ = rc.Flush()
			l := zerolog.Ctx(ctx)
			l.Error().Err(err).Msg("alerts stream read")
			return nil
		}
		for _, e := range evs {
			last = e.ID
			if onlyAlert != "" && e.AlertID != onlyAlert {
				continue
			}
			if visible != nil && !visible(e.AlertID) {
				continue
			}
			b, _ := json.Marshal(e)
			fmt.Fprintf(w, "id: %s\nevent: %s\ndata: %s\n\n", e.ID, e.Type, b)
			lastWrite = time.Now()
		}
		if len(evs) == 0 && time.Since(lastWrite) >= sseHeartbeat {
			fmt.Fprintf(w, ": keep-alive\n\n")
			lastWrite = time.Now()
		}
		if err := rc.Flush(); err != nil {
			return nil
		}
		if len(evs) == 100 {
			continue
		}
		select {
		case <-ctx.Done():
			return nil
		case <-s.streamsDone:
			return nil
		case <-end.C:
			return nil
		case <-tick.C:
		}
	}
}

// publicAlerts is the set of an organisation's public alerts, re-read at
// most every publicAlertsTTL.
type publicAlerts struct {
	svc *alerts.Service
	org string
	at  time.Time
	ids map[string]bool
}

const publicAlertsTTL = 5 * time.Second

func (p *publicAlerts) refresh(ctx context.Context) error {
	list, err := p.svc.List(ctx, p.org)
	if err != nil {
		return err
	}
	ids := map[string]bool{}
	for _, a := range list {
		if a.Public {
			ids[a.ID] = true
		}
	}
	p.ids, p.at = ids, time.Now()
	return nil
}

// has reports whether an alert is public; a failed re-read keeps the last
// set (a stream never widens on an error).
func (p *publicAlerts) has(ctx context.Context, id string) bool {
	if time.Since(p.at) >= publicAlertsTTL {
		if err := p.refresh(ctx); err != nil {
			p.at = time.Now()
		}
	}
	return p.ids[id]
}

// streamMax is how long one event stream (alerts, jobs) stays open.
func (s *Server) streamMax() time.Duration {
	if s.opt.AlertStreamMax > 0 {
		return s.opt.AlertStreamMax
	}
	return DefaultAlertStreamMax
}
