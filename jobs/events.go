package jobs

import (
	"regexp"
	"strconv"
)

// EventID is the id of the progress event that shows the job as it is
// now: "<rows done>-<phase>" (phase 0 queued, 1 running, 2 ended). It
// changes whenever the job shows something new (a batch committed, a
// change of state) and never goes back, so a client that reconnects with
// the id of the last event it saw (Last-Event-ID) is sent only what it
// has not seen. Every instance derives the same id from the record.
func (j *Job) EventID() string {
	phase := 1
	switch {
	case Terminal(j.State):
		phase = 2
	case j.State == StateQueued:
		phase = 0
	}
	return strconv.Itoa(j.Done) + "-" + strconv.Itoa(phase)
}

// eventIDRE is the form of an event id (the pattern the OpenAPI document
// gives the Last-Event-ID of jobs/{id}/events).
var eventIDRE = regexp.MustCompile(`^[0-9]{1,10}-[0-2]$`)

// ValidEventID reports whether s has the form of an event id.
func ValidEventID(s string) bool { return eventIDRE.MatchString(s) }
