package ratelimit

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/redis/go-redis/v9"
	"github.com/rs/zerolog"
)

// Redis deployment modes named by REDIS_URL's scheme.
const (
	RedisSingle   = "single"   // redis://, rediss://
	RedisSentinel = "sentinel" // redis-sentinel://, rediss-sentinel://
	RedisCluster  = "cluster"  // redis-cluster://, rediss-cluster://
)

// RedisConn is a client for REDIS_URL in whichever mode it names, with the
// write durability the URL asks for. The API server, keyctl, the indexer
// and the integration tests all build theirs with OpenRedis.
type RedisConn struct {
	Client redis.UniversalClient
	Mode   string
	// WaitReplicas (URL parameter wait_replicas) is how many replicas must
	// hold every change of a balance or counter before it counts as made
	// (Redis WAIT after each metering script, on the same connection);
	// 0 = asynchronous replication. WaitTimeout (wait_timeout) bounds that
	// wait: a change not replicated in time is reported as Redis
	// unavailable (503), never as served.
	WaitReplicas int
	WaitTimeout  time.Duration
}

// Close closes the client.
func (c *RedisConn) Close() error { return c.Client.Close() }

// Store is a RedisStore on this connection (namespace: RATELIMIT_NAMESPACE)
// with the connection's write durability.
func (c *RedisConn) Store(namespace string) *RedisStore {
	s := NewRedisStore(c.Client, namespace)
	s.waitReplicas, s.waitTimeout = c.WaitReplicas, c.WaitTimeout
	return s
}

// DefaultWaitTimeout is wait_timeout when wait_replicas is set without it.
const DefaultWaitTimeout = 50 * time.Millisecond

// OpenRedis parses REDIS_URL and returns a client with the fail-fast
// settings metering needs, in every mode: short dial, read, write and pool
// timeouts (timeout; 0 = RedisTimeout) and no replay of a command that may
// have run (a retried charging command could charge twice). The forms:
//
//	redis://[:password@]host:port[/db]                   one server
//	redis-sentinel://[user:pass@]s1:26379[,s2:26379...][/db]?master_name=NAME[&password=P]
//	                                                     the primary of a Sentinel master set
//	redis-cluster://[user:pass@]n1:7000[,n2:7001...]     a Redis Cluster (seed nodes)
//
// (rediss… for TLS; more seeds may also be given as addr=host:port). Any
// of them may add wait_replicas=N[&wait_timeout=50ms]. Other query
// parameters are go-redis's (ParseURL, ParseFailoverURL, ParseClusterURL),
// except those that would send writes to replicas, which are refused.
func OpenRedis(rawURL string, timeout time.Duration) (*RedisConn, error) {
	if timeout <= 0 {
		timeout = RedisTimeout
	}
	mode, u, err := splitRedisURL(rawURL)
	if err != nil {
		return nil, err
	}
	c := &RedisConn{Mode: mode}
	q := u.Query()
	if v := q.Get("wait_replicas"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 0 || n > 16 {
			return nil, fmt.Errorf("parse REDIS_URL: wait_replicas=%q: want 0 to 16", v)
		}
		c.WaitReplicas = n
	}
	if v := q.Get("wait_timeout"); v != "" {
		d, err := time.ParseDuration(v)
		if err != nil || d <= 0 {
			return nil, fmt.Errorf("parse REDIS_URL: wait_timeout=%q: want a positive duration such as 50ms", v)
		}
		c.WaitTimeout = d
	}
	if c.WaitReplicas > 0 && c.WaitTimeout == 0 {
		c.WaitTimeout = DefaultWaitTimeout
	}
	if c.WaitReplicas > 0 && c.WaitTimeout >= timeout {
		return nil, fmt.Errorf("parse REDIS_URL: wait_timeout %s must be shorter than the read timeout %s", c.WaitTimeout, timeout)
	}
	q.Del("wait_replicas")
	q.Del("wait_timeout")
	u.RawQuery = q.Encode()
	plain := u.String()
	switch mode {
	case RedisSingle:
		o, err := redis.ParseURL(plain)
		if err != nil {
			return nil, fmt.Errorf("parse REDIS_URL: %w", err)
		}
		failFast(o, timeout)
		c.Client = redis.NewClient(o)
	case RedisSentinel:
		o, err := redis.ParseFailoverURL(plain)
		if err != nil {
			return nil, fmt.Errorf("parse REDIS_URL: %w", err)
		}
		if o.MasterName == "" {
			return nil, errors.New("parse REDIS_URL: a redis-sentinel:// URL needs master_name=<master set name>")
		}
		if o.ReplicaOnly || o.RouteByLatency || o.RouteRandomly || o.UseDisconnectedReplicas {
			return nil, errors.New("parse REDIS_URL: metering writes go to the primary: replica_only, route_by_latency, route_randomly and use_disconnected_replicas are refused")
		}
		o.DialTimeout, o.ReadTimeout, o.WriteTimeout, o.PoolTimeout = timeout, timeout, timeout, 2*timeout
		o.PoolSize = 64
		o.MaxRetries = -1
		o.DialerRetries = 1
		o.ContextTimeoutEnabled = true
		c.Client = redis.NewFailoverClient(o)
	case RedisCluster:
		o, err := redis.ParseClusterURL(plain)
		if err != nil {
			return nil, fmt.Errorf("parse REDIS_URL: %w", err)
		}
		if o.ReadOnly || o.RouteByLatency || o.RouteRandomly {
			return nil, errors.New("parse REDIS_URL: metering reads its own writes on the primaries: read_only, route_by_latency and route_randomly are refused")
		}
		o.DialTimeout, o.ReadTimeout, o.WriteTimeout, o.PoolTimeout = timeout, timeout, timeout, 2*timeout
		o.PoolSize = 64
		o.MaxRetries = -1 // per node: no retries
		// MaxRedirects bounds the cluster loop, which follows MOVED and ASK
		// (the command did not run: safe) but also replays a command after
		// a lost reply; noReplay (below) makes the latter final.
		if o.MaxRedirects == 0 {
			o.MaxRedirects = 3
		}
		o.DialerRetries = 1
		o.ContextTimeoutEnabled = true
		// A dead master answers nothing (no MOVED to trigger a topology
		// reload), so a transport error on any node reloads the slot map
		// (coalesced by go-redis: at most one reload per 200 ms), and the
		// map is refreshed every 5 s regardless (default 60 s).
		o.ClusterStateReloadInterval = 5 * time.Second
		var cc atomic.Pointer[redis.ClusterClient]
		hook := noReplay{reload: func() {
			if c := cc.Load(); c != nil {
				c.ReloadState(context.Background())
			}
		}}
		o.NewClient = func(no *redis.Options) *redis.Client {
			cl := redis.NewClient(no)
			cl.AddHook(hook)
			return cl
		}
		cl := redis.NewClusterClient(o)
		cc.Store(cl)
		c.Client = cl
	}
	return c, nil
}

func failFast(o *redis.Options, timeout time.Duration) {
	o.DialTimeout = timeout
	o.ReadTimeout = timeout
	o.WriteTimeout = timeout
	o.PoolTimeout = 2 * timeout // waiting for a free connection under load is not Redis being slow
	o.PoolSize = 64
	o.MaxRetries = -1   // go-redis: -1 disables retries (0 means the default of 3)
	o.DialerRetries = 1 // one dial attempt (the default 5 with 100ms pauses is half a second)
	o.ContextTimeoutEnabled = true
}

// splitRedisURL names the mode of a REDIS_URL and returns it with a scheme
// go-redis parses (redis or rediss) and extra comma-separated hosts moved
// to addr= parameters.
func splitRedisURL(raw string) (string, *url.URL, error) {
	scheme, rest, ok := strings.Cut(raw, "://")
	if !ok {
		return "", nil, fmt.Errorf("parse REDIS_URL: %q is not a URL (want redis://host:port, redis-sentinel://… or redis-cluster://…)", redactURL(raw))
	}
	mode := RedisSingle
	base, kind, _ := strings.Cut(strings.ToLower(scheme), "-")
	switch kind {
	case "":
	case "sentinel":
		mode = RedisSentinel
	case "cluster":
		mode = RedisCluster
	default:
		return "", nil, fmt.Errorf("parse REDIS_URL: unknown scheme %q (want redis, rediss, redis-sentinel, rediss-sentinel, redis-cluster or rediss-cluster)", scheme)
	}
	if base != "redis" && base != "rediss" {
		return "", nil, fmt.Errorf("parse REDIS_URL: unknown scheme %q (want redis, rediss, redis-sentinel, rediss-sentinel, redis-cluster or rediss-cluster)", scheme)
	}
	// Hosts "a:1,b:2": url.Parse takes the whole list as one host, so the
	// first stays and the others become addr= parameters.
	hostEnd := strings.IndexAny(rest, "/?#")
	if hostEnd < 0 {
		hostEnd = len(rest)
	}
	hostPart, tail := rest[:hostEnd], rest[hostEnd:]
	userinfo := ""
	if i := strings.LastIndex(hostPart, "@"); i >= 0 {
		userinfo, hostPart = hostPart[:i+1], hostPart[i+1:]
	}
	hosts := strings.Split(hostPart, ",")
	if len(hosts) > 1 && mode == RedisSingle {
		return "", nil, errors.New("parse REDIS_URL: several hosts need redis-sentinel:// or redis-cluster://")
	}
	u, err := url.Parse(base + "://" + userinfo + hosts[0] + tail)
	if err != nil {
		return "", nil, fmt.Errorf("parse REDIS_URL: %w", redactErr(err, raw))
	}
	if len(hosts) > 1 {
		q := u.Query()
		for _, h := range hosts[1:] {
			if h = strings.TrimSpace(h); h != "" {
				q.Add("addr", h)
			}
		}
		u.RawQuery = q.Encode()
	}
	return mode, u, nil
}

// redactURL hides a password in a URL for an error message.
func redactURL(raw string) string {
	if u, err := url.Parse(raw); err == nil {
		return u.Redacted()
	}
	if i := strings.LastIndex(raw, "@"); i >= 0 {
		return "…@" + raw[i+1:]
	}
	return raw
}

func redactErr(err error, raw string) error {
	var ue *url.Error
	if errors.As(err, &ue) {
		return fmt.Errorf("%s %q: %w", ue.Op, redactURL(raw), ue.Err)
	}
	return err
}

// noReplay is a hook on each node client of a cluster: a command whose
// reply was lost after it was sent (EOF, reset, read timeout) may have run,
// so its error becomes final (ErrReplyLost) and the cluster client does not
// replay it on another attempt. Errors that prove the command did not run
// (MOVED, ASK, TRYAGAIN, CLUSTERDOWN, LOADING, a refused dial, a pool
// timeout) are left for the client to follow or retry.
type noReplay struct {
	// reload, when set, asks the cluster client for a fresh slot map after
	// a transport error (the node may be gone).
	reload func()
}

// ErrReplyLost is a command that may or may not have run on the server.
var ErrReplyLost = errors.New("redis: reply lost after the command was sent (not retried: it may have run)")

type replyLostError struct{ cause string }

func (e replyLostError) Error() string { return ErrReplyLost.Error() + ": " + e.cause }

// Is lets errors.Is(err, ErrReplyLost) match; it does not unwrap to the
// network error, which go-redis would retry.
func (e replyLostError) Is(target error) bool { return target == ErrReplyLost }

func (noReplay) DialHook(next redis.DialHook) redis.DialHook { return next }

func (h noReplay) ProcessHook(next redis.ProcessHook) redis.ProcessHook {
	return func(ctx context.Context, cmd redis.Cmder) error {
		err := next(ctx, cmd)
		if transportError(err) && h.reload != nil {
			h.reload()
		}
		if ambiguous(err) {
			err = replyLostError{cause: err.Error()}
			cmd.SetErr(err)
		}
		return err
	}
}

// ProcessPipelineHook leaves pipeline errors alone (go-redis does not
// replay a pipeline on a node client without retries) but reloads the slot
// map after a transport error.
func (h noReplay) ProcessPipelineHook(next redis.ProcessPipelineHook) redis.ProcessPipelineHook {
	return func(ctx context.Context, cmds []redis.Cmder) error {
		err := next(ctx, cmds)
		if transportError(err) && h.reload != nil {
			h.reload()
		}
		return err
	}
}

// transportError is a failure to reach or hear from the node (not a
// server reply).
func transportError(err error) bool {
	if err == nil || errors.Is(err, redis.Nil) {
		return false
	}
	var re redis.Error
	if errors.As(err, &re) {
		return false
	}
	var ne net.Error
	return errors.As(err, &ne) || errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF)
}

// ambiguous reports a transport failure after which the command may have
// run: not a server reply, not a refused dial, not a pool timeout.
func ambiguous(err error) bool {
	if err == nil || errors.Is(err, redis.Nil) {
		return false
	}
	var re redis.Error
	if errors.As(err, &re) {
		return false // the server answered
	}
	var op *net.OpError
	if errors.As(err, &op) && op.Op == "dial" {
		return false
	}
	if strings.Contains(err.Error(), "connection pool timeout") {
		return false
	}
	if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
		return true
	}
	var ne net.Error
	return errors.As(err, &ne)
}

// SetRedisLogger sends go-redis's own log lines (a line per refused dial,
// thousands a second while a primary is down) to log at warn level, at
// most one a second, with the number suppressed since the last one.
func SetRedisLogger(log zerolog.Logger) {
	redis.SetLogger(&throttledLog{log: log, every: time.Second})
}

type throttledLog struct {
	log        zerolog.Logger
	every      time.Duration
	mu         sync.Mutex
	last       time.Time
	suppressed int
}

func (l *throttledLog) Printf(_ context.Context, format string, v ...any) {
	l.mu.Lock()
	now := time.Now()
	if !l.last.IsZero() && now.Sub(l.last) < l.every {
		l.suppressed++
		l.mu.Unlock()
		return
	}
	n := l.suppressed
	l.last, l.suppressed = now, 0
	l.mu.Unlock()
	l.log.Warn().Str("component", "go-redis").Int("suppressed", n).Msg(fmt.Sprintf(format, v...))
}
