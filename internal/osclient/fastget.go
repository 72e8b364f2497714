package osclient

// A direct GET for the keyed lookups (issue 19). net/http's client hands
// every request to a writer goroutine and its answer back from a reader
// goroutine: four goroutine switches per GET, each a wake-up that waits
// for a core on a busy machine. Measured next to the engine, a GET _source
// through net/http took about 40 µs longer at p50 than the same request
// written and read on a pooled connection by the caller's goroutine. So
// the search client's Get goes through FastGet: its own keep-alive
// HTTP/1.1 connections, the request written and the answer read by the
// caller. Whatever it is not sure of goes to the regular client, which
// keeps its retries and its classification of failures:
//
//   - only for one node at a plain http:// address, without credentials, a
//     path prefix or compression (FastGet is nil otherwise);
//   - an answer without Content-Length, chunked or encoded, a status the
//     client retries (429, 502, 503, 504), a connection that fails (say, an
//     idle one the node closed) or times out: the GET is sent again through
//     the regular client;
//   - the caller's context cancelled or past its deadline: that error, as
//     the regular client would classify it.

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"io"
	"net"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"
)

// FastGet sends GETs on its own pooled connections to one node.
type FastGet struct {
	addr    string // host:port
	host    string // the Host header
	timeout time.Duration
	dialer  net.Dialer
	maxIdle int

	mu   sync.Mutex
	idle []*fastConn
}

type fastConn struct {
	c        net.Conn
	br       *bufio.Reader
	buf      []byte // the request being written
	lastUsed time.Time
}

// fastIdleMax is how long a connection may sit idle before it is closed
// rather than reused (OpenSearch and proxies in front of it close idle
// connections; a reused closed one costs a retry).
const fastIdleMax = 30 * time.Second

// NewFastGet returns the direct GET of cfg, or nil when cfg is not one
// plain http:// node without credentials, path prefix or compression.
func NewFastGet(cfg Config) *FastGet {
	cfg = cfg.withDefaults()
	if len(cfg.URLs) != 1 || cfg.Compression {
		return nil
	}
	u, err := url.Parse(cfg.URLs[0])
	if err != nil || u.Scheme != "http" || u.User != nil || (u.Path != "" && u.Path != "/") || u.RawQuery != "" || u.Host == "" {
		return nil
	}
	addr := u.Host
	if u.Port() == "" {
		addr = net.JoinHostPort(u.Hostname(), "80")
	}
	return &FastGet{addr: addr, host: u.Host, timeout: cfg.RequestTimeout, maxIdle: max(cfg.MaxIdleConnsPerHost, 1),
		dialer: net.Dialer{Timeout: cfg.DialTimeout, KeepAlive: 30 * time.Second}}
}

// errFallback: not answered here, send it through the regular client.
var errFallback = errors.New("fastget: use the regular client")

// plainTarget reports a request target that goes on the request line as
// it is (the regular client would send it unchanged too).
func plainTarget(t string) bool {
	if t == "" || t[0] != '/' {
		return false
	}
	for i := 0; i < len(t); i++ {
		c := t[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || strings.IndexByte("-._~%/:@!$&'()*+,;=", c) >= 0) {
			return false
		}
	}
	return true
}

// Get sends GET target (path and query, already escaped) and returns the
// status and body. handled is false when the caller must send it through
// the regular client instead; err is then nil. A handled err is the
// context's, classified as ClassifyTransport does.
func (f *FastGet) Get(ctx context.Context, op, target string) (status int, body []byte, handled bool, err error) {
	if ctx.Err() != nil || !plainTarget(target) {
		return 0, nil, false, nil
	}
	fc, err := f.conn(ctx)
	if err != nil {
		return 0, nil, false, nil // dial errors: the regular client's to report
	}
	deadline := time.Now().Add(f.timeout)
	ctxDeadline := false
	if d, ok := ctx.Deadline(); ok && d.Before(deadline) {
		deadline, ctxDeadline = d, true
	}
	if err := fc.c.SetDeadline(deadline); err != nil {
		fc.c.Close()
		return 0, nil, false, nil
	}
	stop := context.AfterFunc(ctx, func() { _ = fc.c.SetDeadline(time.Unix(1, 0)) })
	status, body, keep, err := fc.roundTrip(f.host, target)
	stopped := stop()
	if err != nil || !keep || !stopped {
		fc.c.Close()
	} else {
		f.put(fc)
	}
	if err != nil {
		var ne net.Error
		if ctxDeadline && errors.As(err, &ne) && ne.Timeout() {
			<-ctx.Done() // the caller's deadline, which has passed: its context ends now
		}
		if ctx.Err() != nil {
			return 0, nil, true, ClassifyTransport(ctx, op, ctx.Err())
		}
		return 0, nil, false, nil
	}
	if slices.Contains(retryOnStatus, status) {
		return 0, nil, false, nil // the regular client retries these
	}
	return status, body, true, nil
}

// conn takes an idle connection or dials one.
func (f *FastGet) conn(ctx context.Context) (*fastConn, error) {
	now := time.Now()
	f.mu.Lock()
	for len(f.idle) > 0 {
		fc := f.idle[len(f.idle)-1]
		f.idle = f.idle[:len(f.idle)-1]
		if now.Sub(fc.lastUsed) < fastIdleMax {
			f.mu.Unlock()
			return fc, nil
		}
		fc.c.Close()
	}
	f.mu.Unlock()
	c, err := f.dialer.DialContext(ctx, "tcp", f.addr)
	if err != nil {
		return nil, err
	}
	return &fastConn{c: c, br: bufio.NewReaderSize(c, 8<<10)}, nil
}

// put returns a connection to the pool (closed when the pool is full).
func (f *FastGet) put(fc *fastConn) {
	fc.lastUsed = time.Now()
	f.mu.Lock()
	if len(f.idle) < f.maxIdle {
		f.idle = append(f.idle, fc)
		fc = nil
	}
	f.mu.Unlock()
	if fc != nil {
		fc.c.Close()
	}
}

// Close closes the idle connections.
func (f *FastGet) Close() {
	f.mu.Lock()
	idle := f.idle
	f.idle = nil
	f.mu.Unlock()
	for _, fc := range idle {
		fc.c.Close()
	}
}

// roundTrip writes the request and reads the answer. keep says the
// connection may be reused. errFallback: an answer this reader does not
// take (the connection is then not reusable).
func (fc *fastConn) roundTrip(host, target string) (status int, body []byte, keep bool, err error) {
	b := append(fc.buf[:0], "GET "...)
	b = append(b, target...)
	b = append(b, " HTTP/1.1\r\nHost: "...)
	b = append(b, host...)
	b = append(b, "\r\nAccept: application/json\r\n\r\n"...)
	fc.buf = b
	if _, err := fc.c.Write(b); err != nil {
		return 0, nil, false, err
	}
	line, err := fc.line()
	if err != nil {
		return 0, nil, false, err
	}
	// HTTP/1.1 200 OK
	if len(line) < 12 || !bytes.HasPrefix(line, []byte("HTTP/1.")) || line[8] != ' ' || (len(line) > 12 && line[12] != ' ') {
		return 0, nil, false, errFallback
	}
	status, err = strconv.Atoi(string(line[9:12]))
	if err != nil || status < 200 {
		return 0, nil, false, errFallback
	}
	keep = line[7] == '1'
	length := int64(-1)
	for {
		h, err := fc.line()
		if err != nil {
			return 0, nil, false, err
		}
		if len(h) == 0 {
			break
		}
		name, value, ok := bytes.Cut(h, []byte(":"))
		if !ok {
			return 0, nil, false, errFallback
		}
		value = bytes.TrimSpace(value)
		switch {
		case asciiEqualFold(name, "content-length"):
			n, err := strconv.ParseInt(string(value), 10, 64)
			if err != nil || n < 0 || n > 64<<20 || length >= 0 {
				return 0, nil, false, errFallback
			}
			length = n
		case asciiEqualFold(name, "transfer-encoding"), asciiEqualFold(name, "content-encoding"):
			return 0, nil, false, errFallback
		case asciiEqualFold(name, "connection"):
			if asciiEqualFold(value, "close") {
				keep = false
			}
		}
	}
	if length < 0 {
		return 0, nil, false, errFallback
	}
	body = make([]byte, length)
	if _, err := io.ReadFull(fc.br, body); err != nil {
		return 0, nil, false, err
	}
	return status, body, keep, nil
}

// line reads one header line without its CRLF (it must fit the buffer).
func (fc *fastConn) line() ([]byte, error) {
	l, err := fc.br.ReadSlice('\n')
	if err != nil {
		if errors.Is(err, bufio.ErrBufferFull) {
			return nil, errFallback
		}
		return nil, err
	}
	l = l[:len(l)-1]
	if n := len(l); n > 0 && l[n-1] == '\r' {
		l = l[:n-1]
	}
	return l, nil
}

func asciiEqualFold(b []byte, s string) bool {
	if len(b) != len(s) {
		return false
	}
	for i := range b {
		c, d := b[i], s[i]
		if c >= 'A' && c <= 'Z' {
			c += 'a' - 'A'
		}
		if d >= 'A' && d <= 'Z' {
			d += 'a' - 'A'
		}
		if c != d {
			return false
		}
	}
	return true
}
