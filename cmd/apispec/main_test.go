package main

import (
	"bytes"
	"encoding/json"
	"os"
	"strings"
	"testing"

	"github.com/rs/zerolog"

	"github.com/ukpd/propertyapi/api"
)

// The committed schema and collection are what the route table generates:
// `make sdk` after changing routes or operations.yaml.
func TestGeneratedFilesUpToDate(t *testing.T) {
	spec, coll, err := Generate("http://localhost:8080")
	if err != nil {
		t.Fatal(err)
	}
	for path, want := range map[string][]byte{
		"../../sdk/openapi.json":                                spec,
		"../../sdk/postman/propertyapi.postman_collection.json": coll,
	} {
		got, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("%s is out of date: run make sdk (or go run ./cmd/apispec) and commit", path)
		}
	}
}

// Every route of the table is a request of the collection, on /api/v1,
// with its path variables, and keyed requests send the apiKey variable.
func TestCollectionCoversEveryRoute(t *testing.T) {
	_, b, err := Generate("http://localhost:8080")
	if err != nil {
		t.Fatal(err)
	}
	var coll struct {
		Auth struct {
			APIKey []struct{ Key, Value string } `json:"apikey"`
		}
		Variable []struct{ Key string }
		Item     []struct {
			Item []struct {
				Name    string
				Request struct {
					Method string
					URL    struct {
						Path     []string
						Variable []struct{ Key string }
					}
				}
			}
		}
	}
	if err := json.Unmarshal(b, &coll); err != nil {
		t.Fatal(err)
	}
	have := map[string]bool{}
	for _, f := range coll.Item {
		for _, it := range f.Item {
			have[it.Request.Method+" /"+strings.Join(it.Request.URL.Path, "/")] = true
			for _, v := range it.Request.URL.Variable {
				if !strings.Contains(strings.Join(it.Request.URL.Path, "/"), ":"+v.Key) {
					t.Errorf("%s: variable %s not in the path", it.Name, v.Key)
				}
			}
		}
	}
	s := api.NewServer(api.Options{Logger: zerolog.Nop()})
	for _, rt := range s.Routes() {
		p := "/api/v1" + rt.Path
		for _, seg := range strings.Split(rt.Path, "/") {
			if strings.HasPrefix(seg, "{") {
				p = strings.Replace(p, seg, ":"+strings.Trim(seg, "{}"), 1)
			}
		}
		if !have[rt.Method+" "+p] {
			t.Errorf("route %s (%s %s) is not in the collection", rt.Name, rt.Method, p)
		}
	}
	if len(have) != len(s.Routes()) {
		t.Errorf("collection has %d requests for %d routes", len(have), len(s.Routes()))
	}
	vars := map[string]bool{}
	for _, v := range coll.Variable {
		vars[v.Key] = true
	}
	if !vars["apiKey"] || !vars["baseUrl"] {
		t.Errorf("variables %v", coll.Variable)
	}
	auth := ""
	for _, kv := range coll.Auth.APIKey {
		if kv.Key == "value" {
			auth = kv.Value
		}
	}
	if auth != "Api-Key {{apiKey}}" {
		t.Errorf("collection auth %q", auth)
	}
}
