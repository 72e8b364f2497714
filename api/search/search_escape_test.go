package search

import (
	"context"
	"net/http"
	"net/http/httptest"
	"testing"
)

// TestGetEscapesIDOnce checks a document id with a space or slash reaches
// the engine escaped exactly once.
func TestGetEscapesIDOnce(t *testing.T) {
	var got []string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		got = append(got, r.RequestURI)
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write([]byte(`{}`))
	}))
	defer srv.Close()
	c, err := New(Config{URLs: []string{srv.URL}, MaxRetries: -1})
	if err != nil {
		t.Fatal(err)
	}
	for _, id := range []string{"EX1 1AE", "a/b"} {
		if _, _, err := c.Get(context.Background(), "postcodes", id); err != nil {
			t.Fatalf("Get %q: %v", id, err)
		}
	}
	want := []string{"/postcodes/_source/EX1%201AE", "/postcodes/_source/a%2Fb"}
	if len(got) != 2 || got[0] != want[0] || got[1] != want[1] {
		t.Errorf("request URIs %q, want %q", got, want)
	}
}
