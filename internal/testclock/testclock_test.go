package testclock

import (
	"testing"
	"time"
)

func TestClock(t *testing.T) {
	t0 := time.Date(2026, 11, 14, 12, 0, 0, 0, time.UTC)
	c := New(t0)
	if !c.Now().Equal(t0) {
		t.Fatalf("Now %v, want %v", c.Now(), t0)
	}
	c.Add(90 * time.Second)
	if want := t0.Add(90 * time.Second); !c.Now().Equal(want) {
		t.Fatalf("after Add: %v, want %v", c.Now(), want)
	}
}
