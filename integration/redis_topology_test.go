//go:build integration

package integration

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"
)

// Real Redis topologies on loopback for the tests: a Redis Cluster of
// redis-server processes joined with `redis-cli --cluster create`, and a
// primary, replica and Sentinels (`redis-server --sentinel`: Debian's
// redis-server binary runs Sentinel mode; the redis-sentinel package only
// adds a service). Ports are free ephemeral ones, data in t.TempDir(),
// every process killed when the test ends.

// redisBinaries returns the paths of redis-server and redis-cli, or skips
// the test (fails under CI=true, where `make test` installed them).
func redisBinaries(t testing.TB) (server, cli string) {
	t.Helper()
	var err error
	for _, b := range []struct {
		name string
		dst  *string
	}{{"redis-server", &server}, {"redis-cli", &cli}} {
		if *b.dst, err = exec.LookPath(b.name); err != nil {
			if os.Getenv("CI") == "true" {
				t.Fatalf("%s not installed (scripts/services.sh installs it)", b.name)
			}
			t.Skipf("%s not installed", b.name)
		}
	}
	return server, cli
}

// redisProc is one redis-server (or Sentinel) process of a test.
type redisProc struct {
	port int
	dir  string
	args []string
	cmd  *exec.Cmd
}

func (p *redisProc) addr() string { return "127.0.0.1:" + strconv.Itoa(p.port) }

// start runs the process and waits until it answers PING.
func (p *redisProc) start(t testing.TB, bin string) {
	t.Helper()
	log, err := os.OpenFile(filepath.Join(p.dir, "redis.log"), os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
	if err != nil {
		t.Fatal(err)
	}
	defer log.Close()
	p.cmd = exec.Command(bin, p.args...)
	p.cmd.Dir = p.dir
	p.cmd.Stdout, p.cmd.Stderr = log, log
	if err := p.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(p.kill)
	c := redis.NewClient(&redis.Options{Addr: p.addr(), MaxRetries: -1})
	defer c.Close()
	for i := 0; i < 200; i++ {
		if c.Ping(context.Background()).Err() == nil {
			return
		}
		time.Sleep(25 * time.Millisecond)
	}
	b, _ := os.ReadFile(filepath.Join(p.dir, "redis.log"))
	t.Fatalf("redis on %d did not start: %s", p.port, b)
}

// kill sends SIGKILL (no shutdown, no final fsync: a crash).
func (p *redisProc) kill() {
	if p.cmd != nil && p.cmd.Process != nil {
		_ = p.cmd.Process.Signal(syscall.SIGKILL)
		_ = p.cmd.Wait()
		p.cmd = nil
	}
}

// redisClusterT is a Redis Cluster of masters without replicas.
type redisClusterT struct {
	nodes []*redisProc
}

// url is the REDIS_URL of the cluster (every node a seed).
func (c *redisClusterT) url() string {
	addrs := make([]string, len(c.nodes))
	for i, n := range c.nodes {
		addrs[i] = n.addr()
	}
	return "redis-cluster://" + strings.Join(addrs, ",")
}

// startRedisCluster starts masters redis-servers in cluster mode and joins
// them into one cluster covering the 16384 slots.
func startRedisCluster(t *testing.T, masters int) *redisClusterT {
	t.Helper()
	return startRedisClusterReplicas(t, masters, 0, 2*time.Second)
}

// startRedisClusterReplicas starts a cluster of masters with replicas
// replicas each and the given cluster-node-timeout (how long a master may
// be unreachable before its replica takes over).
func startRedisClusterReplicas(t *testing.T, masters, replicas int, nodeTimeout time.Duration) *redisClusterT {
	t.Helper()
	server, cli := redisBinaries(t)
	c := &redisClusterT{}
	root := t.TempDir()
	total := masters * (1 + replicas)
	for i := 0; i < total; i++ {
		p := &redisProc{port: freePort(t), dir: filepath.Join(root, strconv.Itoa(i))}
		if err := os.MkdirAll(p.dir, 0o755); err != nil {
			t.Fatal(err)
		}
		// The cluster bus port is given explicitly: the default (port +
		// 10000) may be taken or past 65535 for an ephemeral port.
		p.args = []string{"--port", strconv.Itoa(p.port), "--bind", "127.0.0.1", "--cluster-enabled", "yes",
			"--cluster-port", strconv.Itoa(freePort(t)), "--cluster-config-file", "nodes.conf",
			"--cluster-node-timeout", strconv.FormatInt(nodeTimeout.Milliseconds(), 10), "--save", "", "--appendonly", "no", "--dir", p.dir,
			"--repl-diskless-sync-delay", "0",
			// A failed master stops only its own slots (the default, yes,
			// refuses every command of the cluster until it is replaced).
			"--cluster-require-full-coverage", "no"}
		p.start(t, server)
		c.nodes = append(c.nodes, p)
	}
	args := []string{"--cluster", "create"}
	for _, n := range c.nodes {
		args = append(args, n.addr())
	}
	args = append(args, "--cluster-replicas", strconv.Itoa(replicas), "--cluster-yes")
	if out, err := exec.Command(cli, args...).CombinedOutput(); err != nil {
		t.Fatalf("redis-cli --cluster create: %v\n%s", err, out)
	}
	// Every node must see the whole cluster before clients use it.
	deadline := time.Now().Add(20 * time.Second)
	for _, n := range c.nodes {
		rc := redis.NewClient(&redis.Options{Addr: n.addr()})
		for {
			info, err := rc.ClusterInfo(context.Background()).Result()
			if err == nil && strings.Contains(info, "cluster_state:ok") && strings.Contains(info, "cluster_known_nodes:"+strconv.Itoa(total)) {
				break
			}
			if time.Now().After(deadline) {
				rc.Close()
				t.Fatalf("cluster node %s not ready: %s %v", n.addr(), info, err)
			}
			time.Sleep(50 * time.Millisecond)
		}
		rc.Close()
	}
	return c
}

// errorStats sums one error type of INFO errorstats (e.g. "CROSSSLOT")
// over the nodes.
func errorStats(t *testing.T, addrs []string, typ string) int {
	t.Helper()
	total := 0
	for _, a := range addrs {
		rc := redis.NewClient(&redis.Options{Addr: a})
		info, err := rc.Info(context.Background(), "errorstats").Result()
		rc.Close()
		if err != nil {
			t.Fatalf("info errorstats %s: %v", a, err)
		}
		sc := bufio.NewScanner(strings.NewReader(info))
		for sc.Scan() {
			line := strings.TrimSpace(sc.Text())
			if rest, ok := strings.CutPrefix(line, "errorstat_"+typ+":count="); ok {
				n, _ := strconv.Atoi(rest)
				total += n
			}
		}
	}
	return total
}

// redisSentinelT is a primary, replicas and Sentinels watching them.
type redisSentinelT struct {
	primary   *redisProc
	replicas  []*redisProc
	sentinels []*redisProc
	master    string
}

// url is the REDIS_URL of the master set, with the given extra query.
func (s *redisSentinelT) url(query string) string {
	addrs := make([]string, len(s.sentinels))
	for i, n := range s.sentinels {
		addrs[i] = n.addr()
	}
	u := "redis-sentinel://" + strings.Join(addrs, ",") + "?master_name=" + s.master
	if query != "" {
		u += "&" + query
	}
	return u
}

// startRedisSentinel starts a primary, replicas replicas and sentinels
// Sentinels (quorum: a majority) with the given down-after time.
func startRedisSentinel(t testing.TB, replicas, sentinels int, downAfter time.Duration) *redisSentinelT {
	t.Helper()
	server, _ := redisBinaries(t)
	root := t.TempDir()
	s := &redisSentinelT{master: "ukpd-test"}
	mk := func(name string) *redisProc {
		p := &redisProc{port: freePort(t), dir: filepath.Join(root, name)}
		if err := os.MkdirAll(p.dir, 0o755); err != nil {
			t.Fatal(err)
		}
		return p
	}
	s.primary = mk("primary")
	// No diskless-sync delay (5 s by default): a replica syncs at once,
	// here and with the promoted primary after a failover.
	s.primary.args = []string{"--port", strconv.Itoa(s.primary.port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--dir", s.primary.dir,
		"--repl-diskless-sync-delay", "0"}
	s.primary.start(t, server)
	for i := 0; i < replicas; i++ {
		r := mk("replica" + strconv.Itoa(i))
		r.args = []string{"--port", strconv.Itoa(r.port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--dir", r.dir,
			"--repl-diskless-sync-delay", "0", "--replicaof", "127.0.0.1", strconv.Itoa(s.primary.port)}
		r.start(t, server)
		s.replicas = append(s.replicas, r)
	}
	// Wait for the replicas to be in sync.
	pc := redis.NewClient(&redis.Options{Addr: s.primary.addr()})
	defer pc.Close()
	deadline := time.Now().Add(15 * time.Second)
	for {
		info, _ := pc.Info(context.Background(), "replication").Result()
		if strings.Contains(info, "connected_slaves:"+strconv.Itoa(replicas)) && strings.Count(info, "state=online") == replicas {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("replicas not in sync: %s", info)
		}
		time.Sleep(50 * time.Millisecond)
	}
	quorum := sentinels/2 + 1
	for i := 0; i < sentinels; i++ {
		p := mk("sentinel" + strconv.Itoa(i))
		conf := fmt.Sprintf("port %d\nbind 127.0.0.1\ndir %s\nsentinel monitor %s 127.0.0.1 %d %d\n"+
			"sentinel down-after-milliseconds %s %d\nsentinel failover-timeout %s 10000\nsentinel parallel-syncs %s 1\n",
			p.port, p.dir, s.master, s.primary.port, quorum, s.master, downAfter.Milliseconds(), s.master, s.master)
		path := filepath.Join(p.dir, "sentinel.conf") // Sentinel rewrites its config: it must be writable
		if err := os.WriteFile(path, []byte(conf), 0o644); err != nil {
			t.Fatal(err)
		}
		p.args = []string{path, "--sentinel"}
		p.start(t, server)
		s.sentinels = append(s.sentinels, p)
	}
	// Every Sentinel must know the replicas and the other Sentinels before
	// a failover can be agreed and a replica picked.
	deadline = time.Now().Add(30 * time.Second)
	for _, sp := range s.sentinels {
		sc := redis.NewSentinelClient(&redis.Options{Addr: sp.addr()})
		for {
			reps, err := sc.Replicas(context.Background(), s.master).Result()
			sents, err2 := sc.Sentinels(context.Background(), s.master).Result()
			if err == nil && err2 == nil && len(reps) == replicas && len(sents) == sentinels-1 {
				break
			}
			if time.Now().After(deadline) {
				sc.Close()
				t.Fatalf("sentinel %s sees %d replicas, %d sentinels: %v %v", sp.addr(), len(reps), len(sents), err, err2)
			}
			time.Sleep(100 * time.Millisecond)
		}
		sc.Close()
	}
	return s
}

// masterAddr asks a Sentinel for the current primary.
func (s *redisSentinelT) masterAddr(t testing.TB) string {
	t.Helper()
	sc := redis.NewSentinelClient(&redis.Options{Addr: s.sentinels[0].addr()})
	defer sc.Close()
	a, err := sc.GetMasterAddrByName(context.Background(), s.master).Result()
	if err != nil || len(a) != 2 {
		return ""
	}
	return a[0] + ":" + a[1]
}
