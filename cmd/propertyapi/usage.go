package main

import (
	"fmt"
	"io"
	"runtime/debug"
	"strings"

	"github.com/ukpd/propertyapi/internal/svcenv"
)

// usage is what -h prints. The server takes no flags: everything is read
// from the environment, and the README's Configuration table has every
// variable.
var usage = `usage: propertyapi [-h | --help | --version]

Serves the UK property data HTTP API. It takes no other arguments: it is
configured by environment variables (the README's Configuration table lists
them all). The main ones:

  LISTEN_ADDR     listen address (default :8080)
  OPENSEARCH_URL  OpenSearch base URL, comma-separated for several nodes
                  (default ` + svcenv.DefaultOpenSearchURL + `)
  REDIS_URL       keys, quotas, limits and alerts (default ` + svcenv.DefaultRedisURL + `;
                  redis-sentinel://… and redis-cluster://… also work;
                  "memory" keeps keys in this process, with DEV_API_KEY)
  INDEX_PREFIX    prefix of every index and alias name (default none)
  LOG_LEVEL       debug, info, warn or error (default info)

Keys are made with keyctl; data is loaded with indexer.
`

// handleArgs answers -h, --help and --version without side effects (done
// is true then) and refuses any other argument, so that a mistyped flag
// never starts a server on the default port.
func handleArgs(args []string, stdout io.Writer) (done bool, err error) {
	if len(args) == 0 {
		return false, nil
	}
	switch strings.TrimLeft(args[0], "-") {
	case "h", "help":
		fmt.Fprint(stdout, usage)
		return true, nil
	case "version":
		fmt.Fprintln(stdout, "propertyapi", version())
		return true, nil
	}
	return true, fmt.Errorf("unknown argument %q: propertyapi is configured by environment variables (propertyapi -h)", args[0])
}

// version names the build: the module version, or the VCS revision and
// time stamped into the binary by go build.
func version() string {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return "(unknown build)"
	}
	v := bi.Main.Version
	var rev, at, dirty string
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.time":
			at = s.Value
		case "vcs.modified":
			if s.Value == "true" {
				dirty = "+dirty"
			}
		}
	}
	if rev != "" {
		if len(rev) > 12 {
			rev = rev[:12]
		}
		return strings.TrimSpace(fmt.Sprintf("%s %s%s %s %s", v, rev, dirty, at, bi.GoVersion))
	}
	return strings.TrimSpace(v + " " + bi.GoVersion)
}
