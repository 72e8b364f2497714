// Command apispec writes the OpenAPI document of the route table and the
// Postman collection generated from it, without a running server or
// search engine: `make sdk` runs it before the SDK generators.
//
//	apispec -openapi sdk/openapi.json -postman sdk/postman/propertyapi.postman_collection.json
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"

	"github.com/rs/zerolog"

	"github.com/ukpd/propertyapi/api"
	"github.com/ukpd/propertyapi/api/openapi"
	"github.com/ukpd/propertyapi/indexer/synth"
)

func main() {
	if err := run(os.Args[1:]); err != nil {
		fmt.Fprintln(os.Stderr, "apispec:", err)
		os.Exit(1)
	}
}

func run(args []string) error {
	fs := flag.NewFlagSet("apispec", flag.ContinueOnError)
	specOut := fs.String("openapi", "sdk/openapi.json", "where to write the OpenAPI document (\"\" = skip)")
	postmanOut := fs.String("postman", "sdk/postman/propertyapi.postman_collection.json", "where to write the Postman collection (\"\" = skip)")
	baseURL := fs.String("base-url", "http://localhost:8080", "the collection's default baseUrl")
	demoOut := fs.String("demo-examples", "", "also write the identifiers the docs' examples use, picked from the `make run` demo world (seed 1, 20,000 properties), to this file (api/openapi/demo_examples.json)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *demoOut != "" {
		b, err := DemoExamplesJSON()
		if err != nil {
			return err
		}
		if err := os.WriteFile(*demoOut, b, 0o644); err != nil {
			return err
		}
		fmt.Println("wrote", *demoOut)
	}
	spec, coll, err := Generate(*baseURL)
	if err != nil {
		return err
	}
	for path, b := range map[string][]byte{*specOut: spec, *postmanOut: coll} {
		if path == "" {
			continue
		}
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(path, b, 0o644); err != nil {
			return err
		}
		fmt.Println("wrote", path)
	}
	return nil
}

// Generate returns the OpenAPI document and the Postman collection, both
// indented JSON.
func Generate(baseURL string) (spec, collection []byte, err error) {
	s := api.NewServer(api.Options{Logger: zerolog.Nop()})
	doc, err := s.OpenAPI()
	if err != nil {
		return nil, nil, err
	}
	spec, err = json.MarshalIndent(doc, "", "  ")
	if err != nil {
		return nil, nil, err
	}
	var generic map[string]any
	if err := json.Unmarshal(spec, &generic); err != nil {
		return nil, nil, err
	}
	coll, err := openapi.Postman(generic, baseURL)
	if err != nil {
		return nil, nil, err
	}
	collection, err = json.MarshalIndent(coll, "", "  ")
	if err != nil {
		return nil, nil, err
	}
	return append(spec, '\n'), append(collection, '\n'), nil
}

// The demo world of `make run` (DEMO_SEED, DEMO_PROPERTIES in the Makefile).
const (
	demoSeed       = 1
	demoProperties = 20000
)

// DemoExamplesJSON generates the demo world and returns the identifiers
// its examples use, as indented JSON (the content of
// api/openapi/demo_examples.json).
func DemoExamplesJSON() ([]byte, error) {
	c, err := synth.Collect(synth.Config{Seed: demoSeed, Properties: demoProperties})
	if err != nil {
		return nil, fmt.Errorf("demo world: %w", err)
	}
	ex, err := synth.DemoExamples(c, synth.DefaultNow())
	if err != nil {
		return nil, err
	}
	b, err := json.MarshalIndent(ex, "", "  ")
	if err != nil {
		return nil, err
	}
	return append(b, '\n'), nil
}
