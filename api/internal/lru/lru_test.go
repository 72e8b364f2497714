package lru

import (
	"testing"
	"time"
)

type result struct{ Count int }

func TestEvictsLeastRecentlyUsedAndExpires(t *testing.T) {
	now := time.Date(2026, 11, 22, 9, 0, 0, 0, time.UTC)
	c := New[*result](2, time.Minute, func() time.Time { return now })
	a, b, d := &result{Count: 1}, &result{Count: 2}, &result{Count: 3}
	c.Put("a", a)
	c.Put("b", b)
	if c.Get("a") != a { // a is now the most recent
		t.Fatal("a missing")
	}
	c.Put("d", d) // evicts b
	if c.Get("b") != nil || c.Get("a") != a || c.Get("d") != d || c.Len() != 2 {
		t.Errorf("after eviction: b=%v a=%v d=%v len=%d", c.Get("b"), c.Get("a"), c.Get("d"), c.Len())
	}
	now = now.Add(61 * time.Second)
	if c.Get("a") != nil || c.Len() != 1 {
		t.Errorf("expired entry served (len %d)", c.Len())
	}
	if New[*result](0, time.Minute, time.Now) != nil {
		t.Error("zero entries should disable the cache")
	}
	var off *Cache[*result]
	off.Put("a", a)
	if off.Get("a") != nil || off.Len() != 0 {
		t.Error("a nil cache should hold nothing")
	}
}
