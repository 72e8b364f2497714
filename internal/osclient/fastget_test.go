package osclient

import (
	"bufio"
	"context"
	"errors"
	"net"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// scriptedNode is a loopback HTTP/1.1 server answering each GET with the
// raw answer its path names (so framings net/http's server would not
// write can be tested), counting connections.
type scriptedNode struct {
	ln    net.Listener
	conns atomic.Int64
	reqs  atomic.Int64
}

var scripted = map[string]string{
	"/ok":      "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\ncontent-length: 9\r\n\r\n{\"a\":\"b\"}",
	"/missing": "HTTP/1.1 404 Not Found\r\nContent-Length: 15\r\n\r\n{\"found\":false}",
	"/chunked": "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n",
	"/gzip":    "HTTP/1.1 200 OK\r\nContent-Encoding: gzip\r\nContent-Length: 2\r\n\r\n{}",
	"/nolen":   "HTTP/1.1 200 OK\r\n\r\n{}",
	"/busy":    "HTTP/1.1 503 Service Unavailable\r\nContent-Length: 2\r\n\r\n{}",
	"/close":   "HTTP/1.1 200 OK\r\nConnection: close\r\nContent-Length: 2\r\n\r\n{}",
	"/http10":  "HTTP/1.0 200 OK\r\nContent-Length: 2\r\n\r\n{}",
	"/garbage": "SSH-2.0-OpenSSH\r\n\r\n",
}

func newScriptedNode(t *testing.T) *scriptedNode {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	n := &scriptedNode{ln: ln}
	t.Cleanup(func() { ln.Close() })
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			n.conns.Add(1)
			go n.serve(c)
		}
	}()
	return n
}

func (n *scriptedNode) serve(c net.Conn) {
	defer c.Close()
	br := bufio.NewReader(c)
	for {
		req, err := http.ReadRequest(br)
		if err != nil {
			return
		}
		n.reqs.Add(1)
		switch req.URL.Path {
		case "/hang":
			time.Sleep(2 * time.Second)
			return
		case "/drop":
			return // closes without answering
		case "/bye": // answers, then closes the connection unannounced
			_, _ = c.Write([]byte(scripted["/ok"]))
			return
		}
		ans, ok := scripted[req.URL.Path]
		if !ok {
			ans = "HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\n\r\n"
		}
		if _, err := c.Write([]byte(ans)); err != nil || strings.Contains(ans, "close") || strings.HasPrefix(ans, "HTTP/1.0") {
			return
		}
	}
}

func (n *scriptedNode) url() string { return "http://" + n.ln.Addr().String() }

func TestFastGetAnswers(t *testing.T) {
	n := newScriptedNode(t)
	f := NewFastGet(Config{URLs: []string{n.url()}, RequestTimeout: 300 * time.Millisecond})
	ctx := context.Background()
	get := func(path string) (int, string, bool, error) {
		st, b, ok, err := f.Get(ctx, "op", path)
		return st, string(b), ok, err
	}
	for i := 0; i < 3; i++ {
		if st, b, ok, err := get("/ok"); st != 200 || b != `{"a":"b"}` || !ok || err != nil {
			t.Fatalf("ok: %d %q %v %v", st, b, ok, err)
		}
	}
	if st, b, ok, err := get("/missing"); st != 404 || b != `{"found":false}` || !ok || err != nil {
		t.Errorf("missing: %d %q %v %v", st, b, ok, err)
	}
	if c := n.conns.Load(); c != 1 {
		t.Errorf("%d connections for 4 keep-alive GETs, want 1", c)
	}
	// Answers it does not take: the regular client's (handled false, no error).
	for _, p := range []string{"/chunked", "/gzip", "/nolen", "/busy", "/garbage", "/drop", "/with space", "relative"} {
		if st, b, ok, err := get(p); ok || err != nil || st != 0 || b != "" {
			t.Errorf("%s: %d %q handled %v %v; want it left to the regular client", p, st, b, ok, err)
		}
	}
	// Connection: close and HTTP/1.0: answered, the connection not reused.
	for _, p := range []string{"/close", "/http10"} {
		if _, b, ok, err := get(p); !ok || err != nil || b != "{}" {
			t.Errorf("%s: %q %v %v", p, b, ok, err)
		}
		before := n.conns.Load()
		if _, _, ok, _ := get("/ok"); !ok || n.conns.Load() != before+1 {
			t.Errorf("%s: the connection was reused (%d connections, %d before)", p, n.conns.Load(), before)
		}
	}
}

// TestFastGetTimeoutsAndCancel: a hung node is left to the regular client
// after the request timeout; a cancelled caller gets its context's error
// at once, classified as the regular client classifies it.
func TestFastGetTimeoutsAndCancel(t *testing.T) {
	n := newScriptedNode(t)
	f := NewFastGet(Config{URLs: []string{n.url()}, RequestTimeout: 200 * time.Millisecond})
	start := time.Now()
	if _, _, ok, err := f.Get(context.Background(), "op", "/hang"); ok || err != nil {
		t.Errorf("hung: handled %v %v", ok, err)
	}
	if d := time.Since(start); d > 1500*time.Millisecond {
		t.Errorf("hung node held the GET %s (timeout 200ms)", d)
	}
	f = NewFastGet(Config{URLs: []string{n.url()}, RequestTimeout: 5 * time.Second})
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(100*time.Millisecond, cancel)
	start = time.Now()
	_, _, ok, err := f.Get(ctx, "opensearch GET /x", "/hang")
	if !ok || !errors.Is(err, context.Canceled) || !strings.HasPrefix(err.Error(), "opensearch GET /x: ") {
		t.Errorf("cancelled: handled %v, %v", ok, err)
	}
	if d := time.Since(start); d > 1500*time.Millisecond {
		t.Errorf("cancel took %s", d)
	}
	ctx, cancel = context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	if _, _, ok, err := f.Get(ctx, "op", "/hang"); !ok || !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("caller's deadline: handled %v, %v", ok, err)
	}
	// A connection the node closed while idle: left to the regular client,
	// and the next GET works on a new one.
	f = NewFastGet(Config{URLs: []string{n.url()}})
	if _, _, ok, _ := f.Get(context.Background(), "op", "/bye"); !ok {
		t.Fatal("first GET")
	}
	time.Sleep(50 * time.Millisecond) // the node's close arrives
	if _, _, ok, err := f.Get(context.Background(), "op", "/ok"); ok || err != nil {
		t.Errorf("stale connection: handled %v %v", ok, err)
	}
	if _, b, ok, _ := f.Get(context.Background(), "op", "/ok"); !ok || string(b) != `{"a":"b"}` {
		t.Errorf("after a stale connection: %q %v", b, ok)
	}
}

// TestNewFastGetOnlyForOnePlainNode: anything but one plain http:// node
// goes through the regular client.
func TestNewFastGetOnlyForOnePlainNode(t *testing.T) {
	for _, c := range []Config{
		{URLs: []string{"https://127.0.0.1:9200"}},
		{URLs: []string{"http://a:9200", "http://b:9200"}},
		{URLs: []string{"http://user:pw@127.0.0.1:9200"}},
		{URLs: []string{"http://127.0.0.1:9200/prefix"}},
		{URLs: []string{"http://127.0.0.1:9200"}, Compression: true},
		{},
	} {
		if NewFastGet(c) != nil {
			t.Errorf("%+v: a fast path", c)
		}
	}
	for _, u := range []string{"http://127.0.0.1:9200", "http://127.0.0.1:9200/", "http://localhost"} {
		f := NewFastGet(Config{URLs: []string{u}})
		if f == nil {
			t.Errorf("%s: no fast path", u)
			continue
		}
		if u == "http://localhost" && f.addr != "localhost:80" {
			t.Errorf("%s: addr %s", u, f.addr)
		}
	}
}
