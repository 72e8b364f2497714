//go:build integration

package main

import (
	"bytes"
	"context"
	"io"
	"net"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/ukpd/propertyapi/integration/testenv"
)

// At shutdown the server keeps serving but answers /api/ready with 503 for
// SHUTDOWN_DRAIN_DELAY, so a balancer drains it, then stops; /metrics is
// served on METRICS_ADDR meanwhile.
func TestShutdownDrainsReadiness(t *testing.T) {
	osURL := testenv.OpenSearchURL(t)
	addr, maddr := freeAddr(t), freeAddr(t)
	env := map[string]string{
		"OPENSEARCH_URL": osURL, "LISTEN_ADDR": addr, "METRICS_ADDR": maddr,
		"SHUTDOWN_DRAIN_DELAY": "1500ms", "LOG_LEVEL": "error", "REDIS_URL": "memory",
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- run(ctx, nil, func(k string) string { return env[k] }, io.Discard) }()
	get := func(u string) (int, string) {
		resp, err := http.Get(u)
		if err != nil {
			return 0, err.Error()
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, string(b)
	}
	deadline := time.Now().Add(10 * time.Second)
	for {
		if code, _ := get("http://" + addr + "/api/v1/ready"); code == 200 {
			break
		}
		if time.Now().After(deadline) {
			cancel()
			t.Fatal("server never became ready")
		}
		time.Sleep(50 * time.Millisecond)
	}
	if code, body := get("http://" + maddr + "/metrics"); code != 200 || !strings.Contains(body, `propertyapi_http_requests_total{method="GET",route="service.ready",status="200"}`) {
		t.Errorf("metrics: %d %.300s", code, body)
	}
	cancel() // as SIGTERM does
	time.Sleep(300 * time.Millisecond)
	code, body := get("http://" + addr + "/api/v1/ready")
	if code != 503 || !strings.Contains(body, "draining") {
		t.Errorf("ready while draining: %d %s", code, body)
	}
	if code, _ := get("http://" + addr + "/api/v1/ping"); code != 200 {
		t.Errorf("ping while draining: %d", code)
	}
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("run: %v", err)
		}
	case <-time.After(20 * time.Second):
		t.Fatal("server did not stop")
	}
	if code, _ := get("http://" + addr + "/api/v1/ping"); code != 0 {
		t.Errorf("still serving after shutdown: %d", code)
	}
}

func freeAddr(t *testing.T) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().String()
}

// TestOpenSearchCredentialsNotLogged: the server started with credentials
// in OPENSEARCH_URL logs the URL with them redacted.
func TestOpenSearchCredentialsNotLogged(t *testing.T) {
	osURL := testenv.OpenSearchURL(t)
	withCreds := strings.Replace(osURL, "://", "://elastic:s3cr3t-pw@", 1)
	addr := freeAddr(t)
	env := map[string]string{"OPENSEARCH_URL": withCreds, "LISTEN_ADDR": addr, "LOG_LEVEL": "info", "REDIS_URL": "memory"}
	var out syncBuffer
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- run(ctx, nil, func(k string) string { return env[k] }, &out) }()
	deadline := time.Now().Add(15 * time.Second)
	for !strings.Contains(out.String(), `"listening"`) && time.Now().Before(deadline) {
		time.Sleep(50 * time.Millisecond)
	}
	cancel()
	<-done
	log := out.String()
	if !strings.Contains(log, `"listening"`) {
		t.Fatalf("no listening line: %s", log)
	}
	if strings.Contains(log, "s3cr3t-pw") || !strings.Contains(log, "REDACTED@") {
		t.Errorf("OPENSEARCH_URL credentials in the log:\n%s", log)
	}
}

// syncBuffer is a bytes.Buffer safe for a logger writing from goroutines.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}
