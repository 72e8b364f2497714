package jobs

import "testing"

// TestEventID: the id of a job's progress event changes with every batch
// committed and every change of phase, never goes back, and has the form
// ValidEventID accepts (the schema's pattern).
func TestEventID(t *testing.T) {
	steps := []struct {
		job  Job
		want string
	}{
		{Job{State: StateQueued}, "0-0"},
		{Job{State: StateRunning}, "0-1"},
		{Job{State: StateRunning, Done: 500}, "500-1"},
		{Job{State: StateRunning, Done: 1000}, "1000-1"},
		{Job{State: StateCancelled, Done: 1000}, "1000-2"},
		{Job{State: StateCancelled, Done: 1500}, "1500-2"}, // the batch in flight at the cancel
	}
	seen := map[string]bool{}
	for _, s := range steps {
		got := s.job.EventID()
		if got != s.want || !ValidEventID(got) || seen[got] {
			t.Errorf("%s with %d done: id %q (valid %v, repeated %v), want %q", s.job.State, s.job.Done, got, ValidEventID(got), seen[got], s.want)
		}
		seen[got] = true
	}
	for _, st := range []string{StateDone, StateFailed, StateCancelled} {
		if got := (&Job{State: st, Done: 7}).EventID(); got != "7-2" {
			t.Errorf("%s: %q, want 7-2 (ended)", st, got)
		}
	}
	for _, s := range []string{"", "0", "-1", "1-3", "1-1-1", " 1-1", "1-1\n", "12345678901-1", "1732450000000-0", "a-1"} {
		if ValidEventID(s) {
			t.Errorf("ValidEventID(%q) = true", s)
		}
	}
}

// TestValidID: NewID's ids are valid; other forms are not.
func TestValidID(t *testing.T) {
	for i := 0; i < 100; i++ {
		if id := NewID(); !ValidID(id) {
			t.Fatalf("NewID %q is not ValidID", id)
		}
	}
	for _, s := range []string{"", "job_", "job_0123456789abcdef0123456", "job_0123456789abcdef012345678", "job_0123456789ABCDEF01234567",
		"JOB_0123456789abcdef01234567", "xxx_0123456789abcdef01234567", "job_0123456789abcdef0123456g", "job_0123456789abcdef0123456\u00e9"} {
		if ValidID(s) {
			t.Errorf("ValidID(%q) = true", s)
		}
	}
}
