//go:build integration && reliability

package integration

import (
	"fmt"
	"strconv"
	"testing"
	"time"
)

// TestReliabilitySentinelFailover is the heavy form of
// TestRedisSentinelFailoverCharges: three Sentinels (quorum 2), eight
// workers, and the same failover once with wait_replicas=1 (asserted: no
// call served uncharged) and once with asynchronous replication (reported:
// charges the promoted replica never received).
func TestReliabilitySentinelFailover(t *testing.T) {
	for _, v := range []struct {
		name, query string
		strict      bool
	}{
		{"wait_replicas=1", "wait_replicas=1&wait_timeout=50ms", true},
		{"asynchronous", "", false},
	} {
		r := runSentinelFailover(t, 3, v.query, 8, 3*time.Second)
		t.Logf("%s: %s", v.name, r)
		lost := max(0, r.ok-r.charged)
		relFigure(t, "Sentinel failover ("+v.name+"): 503 window, kill to first 200", ms(r.window), "-", r.window > 0)
		relFigure(t, "Sentinel failover ("+v.name+"): replica promoted after", ms(r.promoted), "-", r.promoted > 0)
		relFigure(t, "Sentinel failover ("+v.name+"): requests, 200s, 503s, units charged",
			fmt.Sprintf("%d, %d, %d, %d", r.requests, r.ok, r.refused, r.charged), "-", r.other == 0)
		limit := "0"
		if !v.strict {
			limit = "- (reported)"
		}
		relFigure(t, "Sentinel failover ("+v.name+"): calls served uncharged", strconv.Itoa(lost), limit, !v.strict || lost == 0)
		if v.strict && (lost > 0 || r.charged > r.ok+r.refused) {
			t.Errorf("%s: %d served, %d charged, %d refused", v.name, r.ok, r.charged, r.refused)
		}
	}
}
