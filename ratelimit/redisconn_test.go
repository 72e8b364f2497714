package ratelimit

import (
	"context"
	"errors"
	"io"
	"net"
	"strings"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"
	"github.com/rs/zerolog"
)

func TestOpenRedisModes(t *testing.T) {
	cases := []struct {
		url, mode string
		addrs     []string
		master    string
		wait      int
		waitT     time.Duration
	}{
		{url: "redis://127.0.0.1:6379/2", mode: RedisSingle, addrs: []string{"127.0.0.1:6379"}},
		{url: "redis://:secret@cache:6380?wait_replicas=1", mode: RedisSingle, addrs: []string{"cache:6380"}, wait: 1, waitT: DefaultWaitTimeout},
		{url: "redis-sentinel://s1:26379,s2:26380/1?master_name=main&wait_replicas=1&wait_timeout=20ms", mode: RedisSentinel,
			addrs: []string{"s1:26379", "s2:26380"}, master: "main", wait: 1, waitT: 20 * time.Millisecond},
		{url: "redis-sentinel://s1:26379?master_name=main&addr=s3:26381", mode: RedisSentinel, addrs: []string{"s1:26379", "s3:26381"}, master: "main"},
		{url: "redis-cluster://n1:7000,n2:7001,n3:7002", mode: RedisCluster, addrs: []string{"n1:7000", "n2:7001", "n3:7002"}},
		{url: "REDISS-CLUSTER://u:p@n1:7000?addr=n2:7001", mode: RedisCluster, addrs: []string{"n1:7000", "n2:7001"}},
	}
	for _, c := range cases {
		conn, err := OpenRedis(c.url, 0)
		if err != nil {
			t.Errorf("%s: %v", c.url, err)
			continue
		}
		if conn.Mode != c.mode || conn.WaitReplicas != c.wait || conn.WaitTimeout != c.waitT {
			t.Errorf("%s: mode %s wait %d/%s, want %s %d/%s", c.url, conn.Mode, conn.WaitReplicas, conn.WaitTimeout, c.mode, c.wait, c.waitT)
		}
		var addrs []string
		switch cl := conn.Client.(type) {
		case *redis.ClusterClient:
			o := cl.Options()
			addrs = o.Addrs
			if o.MaxRetries != -1 || o.ReadTimeout != RedisTimeout || o.MaxRedirects != 3 {
				t.Errorf("%s: cluster options retries %d timeout %s redirects %d", c.url, o.MaxRetries, o.ReadTimeout, o.MaxRedirects)
			}
		case *redis.Client:
			o := cl.Options()
			if o.MaxRetries != 0 || o.ReadTimeout != RedisTimeout || o.DialerRetries != 1 {
				t.Errorf("%s: options retries %d timeout %s dial retries %d", c.url, o.MaxRetries, o.ReadTimeout, o.DialerRetries)
			}
			if c.mode == RedisSingle {
				addrs = []string{o.Addr}
			} else {
				addrs = c.addrs // the failover client hides its sentinels; parsed below
			}
		default:
			t.Errorf("%s: client %T", c.url, conn.Client)
		}
		if strings.Join(addrs, ",") != strings.Join(c.addrs, ",") {
			t.Errorf("%s: addrs %v, want %v", c.url, addrs, c.addrs)
		}
		_ = conn.Close()
	}
	// The sentinel list and master name as go-redis sees them.
	_, u, err := splitRedisURL("redis-sentinel://u:p@s1:26379,s2:26380/1?master_name=main")
	if err != nil {
		t.Fatal(err)
	}
	fo, err := redis.ParseFailoverURL(u.String())
	if err != nil || fo.MasterName != "main" || strings.Join(fo.SentinelAddrs, ",") != "s1:26379,s2:26380" || fo.DB != 1 || fo.SentinelPassword != "p" {
		t.Errorf("failover options %+v %v", fo, err)
	}
}

func TestOpenRedisRefuses(t *testing.T) {
	for _, u := range []string{
		"127.0.0.1:6379",
		"http://x:1",
		"redis-replica://x:1",
		"redis://a:1,b:2",
		"redis-sentinel://s1:26379", // no master_name
		"redis-sentinel://s1:26379?master_name=m&replica_only=true", // writes must go to the primary
		"redis-cluster://n1:7000?read_only=true",
		"redis://x:1?wait_replicas=-1",
		"redis://x:1?wait_replicas=1&wait_timeout=1s", // not below the read timeout
		"redis://x:1?wait_timeout=soon",
		"redis-cluster://n1:7000?bogus=1",
	} {
		if c, err := OpenRedis(u, 0); err == nil {
			_ = c.Close()
			t.Errorf("%s: accepted", u)
		}
	}
	_, err := OpenRedis("redis://user:hunter2@x:1?bogus=1", 0)
	if err == nil || strings.Contains(err.Error(), "hunter2") {
		t.Errorf("error %v: want a refusal that does not echo the password", err)
	}
}

func TestAmbiguousErrors(t *testing.T) {
	for _, c := range []struct {
		err  error
		want bool
	}{
		{nil, false},
		{redis.Nil, false},
		{io.EOF, true},
		{&net.OpError{Op: "read", Err: errors.New("connection reset by peer")}, true},
		{&net.OpError{Op: "dial", Err: errors.New("connection refused")}, false},
		{errors.New("redis: connection pool timeout"), false},
		{errors.New("MOVED 1 127.0.0.1:7001"), false},
	} {
		if got := ambiguous(c.err); got != c.want {
			t.Errorf("ambiguous(%v) = %v, want %v", c.err, got, c.want)
		}
	}
	e := replyLostError{cause: "EOF"}
	if !errors.Is(e, ErrReplyLost) || errors.Is(e, io.EOF) {
		t.Errorf("replyLostError must match ErrReplyLost and hide the transport error")
	}
}

func TestThrottledRedisLog(t *testing.T) {
	var buf strings.Builder
	l := &throttledLog{log: zerolog.New(&buf), every: time.Hour}
	for i := 0; i < 1000; i++ {
		l.Printf(context.Background(), "dial %d refused", i)
	}
	if n := strings.Count(buf.String(), "\n"); n != 1 || !strings.Contains(buf.String(), "dial 0 refused") {
		t.Errorf("%d lines: %s", n, buf.String())
	}
	l.last = time.Now().Add(-2 * time.Hour)
	l.Printf(context.Background(), "again")
	if !strings.Contains(buf.String(), `"suppressed":999`) {
		t.Errorf("suppressed count missing: %s", buf.String())
	}
}
