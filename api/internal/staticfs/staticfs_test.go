package staticfs

import (
	"net/http"
	"net/http/httptest"
	"testing"
	"testing/fstest"
)

func TestNoDirectoryListing(t *testing.T) {
	fsys := fstest.MapFS{"app.js": {Data: []byte("x")}, "img/a.png": {Data: []byte("p")}}
	h := http.FileServer(Files(fsys))
	for path, want := range map[string]int{"/": 404, "/img/": 404, "/img": 404, "/app.js": 200, "/img/a.png": 200, "/nope.js": 404} {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, path, nil))
		if rec.Code != want {
			t.Errorf("GET %s: %d, want %d (%s)", path, rec.Code, want, rec.Body)
		}
	}
}
