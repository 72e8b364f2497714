//go:build integration

package integration

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"
)

// vendorTool is one tool of the vendor client's manifest
// (homedata_mcp/manifest/tools.json).
type vendorTool struct {
	Name   string `json:"name"`
	Path   string `json:"path"`
	Params []struct {
		Name     string   `json:"name"`
		Type     string   `json:"type"`
		Required bool     `json:"required"`
		Enum     []string `json:"enum"`
	} `json:"params"`
}

// TestVendorClient runs every tool of the vendor's own client (PyPI
// homedata-mcp, pinned in the Makefile), unmodified, through its `homedata`
// CLI against our /api with HOMEDATA_BASE_URL and HOMEDATA_API_KEY: each
// must answer 2xx with a JSON object. Arguments come from the manifest's
// parameter names and real values of the loaded data; a tool with an enum
// parameter runs once per value, and a tool that takes lat/lng also runs
// with coordinates instead of the postcode. A manifest tool this test
// cannot build arguments for fails it.
func TestVendorClient(t *testing.T) {
	cli := pyTool(t, "vendor", "homedata")
	manifests, _ := filepath.Glob(filepath.Join(filepath.Dir(filepath.Dir(cli)), "lib", "python*", "site-packages", "homedata_mcp", "manifest", "tools.json"))
	if len(manifests) != 1 {
		t.Fatalf("vendor manifest not found next to %s (%d matches)", cli, len(manifests))
	}
	b, err := os.ReadFile(manifests[0])
	if err != nil {
		t.Fatal(err)
	}
	var manifest struct {
		Tools []vendorTool `json:"tools"`
	}
	if err := json.Unmarshal(b, &manifest); err != nil {
		t.Fatal(err)
	}
	if len(manifest.Tools) < 50 {
		t.Fatalf("manifest lists %d tools; expected the full catalogue", len(manifest.Tools))
	}
	env := newContractEnv(t)
	ex := env.Examples
	saleID := fmt.Sprint(ex["events.list.sale"])
	values := map[string]string{
		"uprn": fmt.Sprint(ex["uprn"]), "postcode": fmt.Sprint(ex["postcode"]), "outcode": fmt.Sprint(ex["outcode"]),
		"address": fmt.Sprint(ex["address.match.address"]), "sale": saleID, "listing_id": fmt.Sprint(ex["listings.get.id"]),
		"q": "Exeter", "with": "all", "radius_km": "3", "limit": "5", "days": "365",
		"date": fmt.Sprint(ex["crime.search.date"]), "category": "burglary",
		"price": "300000", "deposit": "30000", "rate": "4.5", "term": "25", "country": "england",
	}
	latlng := map[string]string{"lat": fmt.Sprint(ex["lat"]), "lng": fmt.Sprint(ex["lng"])}

	type call struct {
		tool string
		args []string
	}
	var calls []call
	var missing []string
	for _, tool := range manifest.Tools {
		base := []string{}
		var enumParam string
		var enumValues []string
		hasLatLng, ok := false, true
		for _, p := range tool.Params {
			flag := "--" + strings.ReplaceAll(p.Name, "_", "-")
			switch {
			case p.Name == "lat" || p.Name == "lng":
				hasLatLng = true
			case p.Name == "listing" && values["sale"] != "":
				// sale or listing: one is enough (sale given).
			case len(p.Enum) > 0 && p.Required:
				enumParam, enumValues = flag, p.Enum
			case values[p.Name] != "":
				base = append(base, flag, values[p.Name])
			case p.Required:
				ok = false
				missing = append(missing, tool.Name+"."+p.Name)
			}
		}
		if !ok {
			continue
		}
		if enumParam == "" {
			enumValues = []string{""}
		}
		for _, v := range enumValues {
			args := append([]string(nil), base...)
			if v != "" {
				args = append(args, enumParam, v)
			}
			calls = append(calls, call{tool.Name, args})
		}
		if hasLatLng {
			var args []string
			for i := 0; i < len(base); i += 2 {
				if base[i] != "--postcode" {
					args = append(args, base[i], base[i+1])
				}
			}
			args = append(args, "--lat", latlng["lat"], "--lng", latlng["lng"])
			calls = append(calls, call{tool.Name, args})
		}
	}
	if len(missing) > 0 {
		sort.Strings(missing)
		t.Fatalf("no value for required manifest parameters %s: extend TestVendorClient", strings.Join(missing, ", "))
	}

	// One Python process runs every call through the CLI's own entry point
	// (homedata_mcp.cli.main, the `homedata` command's): the same argument
	// parsing, request building and client, without a process start per call.
	py := filepath.Join(filepath.Dir(cli), "python")
	argvs := make([][]string, len(calls))
	for i, c := range calls {
		argvs[i] = append([]string{c.tool, "--compact"}, c.args...)
	}
	in, _ := json.Marshal(argvs)
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, py, "-c", vendorDriver)
	cmd.Env = append(os.Environ(), "HOMEDATA_BASE_URL="+env.URL+"/api", "HOMEDATA_API_KEY="+env.Key)
	cmd.Stdin = bytes.NewReader(in)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	start := time.Now()
	if err := cmd.Run(); err != nil {
		t.Fatalf("vendor driver: %v\n%s", err, trimTo(stderr.String(), 3000))
	}
	var outs []struct {
		RC  int    `json:"rc"`
		Out string `json:"out"`
		Err string `json:"err"`
	}
	if err := json.Unmarshal(stdout.Bytes(), &outs); err != nil || len(outs) != len(calls) {
		t.Fatalf("vendor driver output (%d results for %d calls): %v: %s", len(outs), len(calls), err, trimTo(stdout.String(), 500))
	}
	type result struct {
		call
		out, errOut string
		err         error
	}
	results := make([]result, len(calls))
	for i, c := range calls {
		results[i] = result{call: c, out: outs[i].Out, errOut: outs[i].Err}
		if outs[i].RC != 0 {
			results[i].err = fmt.Errorf("exit status %d", outs[i].RC)
		}
	}
	// And the command itself, once, as a user runs it.
	direct := exec.CommandContext(ctx, cli, "council_tax", "--uprn", values["uprn"], "--field", "council_tax_band")
	direct.Env = cmd.Env
	if out, err := direct.CombinedOutput(); err != nil || len(bytes.TrimSpace(out)) != 1 {
		t.Errorf("homedata council_tax --uprn %s --field council_tax_band: %v: %s", values["uprn"], err, out)
	}
	tools := map[string]bool{}
	for _, r := range results {
		tools[r.tool] = true
		label := r.tool + " " + strings.Join(r.args, " ")
		if r.err != nil {
			t.Errorf("%s: %v\n%s%s", label, r.err, trimTo(r.out, 600), trimTo(r.errOut, 600))
			continue
		}
		var body map[string]any
		if err := json.Unmarshal([]byte(r.out), &body); err != nil {
			t.Errorf("%s: output is not a JSON object: %v: %s", label, err, trimTo(r.out, 300))
			continue
		}
		if _, isErr := body["error"]; isErr || len(body) == 0 {
			t.Errorf("%s: %s", label, trimTo(r.out, 300))
		}
		switch r.tool {
		case "address_match":
			if body["status"] != "matched" || jsonInt(body["uprn"]) != values["uprn"] {
				t.Errorf("address_match %q %q: got %s, want UPRN %s", values["address"], values["postcode"], trimTo(r.out, 300), values["uprn"])
			}
		case "council_tax":
			if body["council_tax_band"] == nil || jsonInt(body["uprn"]) != values["uprn"] {
				t.Errorf("council_tax: %s", trimTo(r.out, 300))
			}
		}
	}
	if len(tools) != len(manifest.Tools) {
		t.Errorf("ran %d of the manifest's %d tools", len(tools), len(manifest.Tools))
	}
	t.Logf("vendor client: %d tools, %d calls, in %s", len(tools), len(calls), time.Since(start).Round(time.Millisecond))
}

func trimTo(s string, n int) string {
	if len(s) > n {
		return s[:n] + "…"
	}
	return s
}

// vendorDriver runs homedata_mcp.cli.main once per argv read from stdin (a
// JSON list), capturing what each prints, and writes the results as JSON.
const vendorDriver = `
import contextlib, io, json, sys
from homedata_mcp import cli
results = []
for argv in json.load(sys.stdin):
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            rc = cli.main(argv)
        except SystemExit as e:
            rc = e.code if isinstance(e.code, int) else 2
    results.append({"rc": rc, "out": out.getvalue(), "err": err.getvalue()})
json.dump(results, sys.stdout)
`
