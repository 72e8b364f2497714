package svcenv

import "testing"

func TestDefaults(t *testing.T) {
	env := func(m map[string]string) func(string) string { return func(k string) string { return m[k] } }
	if got := OpenSearchURL(env(nil)); got != DefaultOpenSearchURL {
		t.Errorf("OpenSearchURL unset = %q", got)
	}
	if got := OpenSearchURL(env(map[string]string{"OPENSEARCH_URL": " http://os:9200 "})); got != "http://os:9200" {
		t.Errorf("OpenSearchURL set = %q", got)
	}
	for _, c := range []struct {
		in       string
		url      string
		explicit bool
	}{
		{"", DefaultRedisURL, false},
		{"memory", "", true},
		{"MEMORY", "", true},
		{"redis://r:6380", "redis://r:6380", true},
	} {
		u, ex := RedisURL(env(map[string]string{"REDIS_URL": c.in}))
		if u != c.url || ex != c.explicit {
			t.Errorf("RedisURL(%q) = %q, %v; want %q, %v", c.in, u, ex, c.url, c.explicit)
		}
	}
}
