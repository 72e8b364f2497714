//go:build integration

package integration

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// pyTool returns the path of a command in the Python virtual environment
// var/pyenv/<env> that `make pytools` (a prerequisite of `make integration`
// and `make contract`) installs. When it could not be installed the test
// skips with the recorded reason; when it was never installed it skips,
// except under CI=true, where the Makefile must have installed it.
func pyTool(t *testing.T, env, command string) string {
	t.Helper()
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	bin := filepath.Join(root, "var", "pyenv", env, "bin", command)
	if _, err := os.Stat(bin); err == nil {
		return bin
	}
	if b, err := os.ReadFile(filepath.Join(root, "var", "pyenv", env+".unavailable")); err == nil {
		t.Skipf("%s is not available: %s (scripts/pyvenv.sh)", command, strings.TrimSpace(string(b)))
	}
	msg := "var/pyenv/" + env + "/bin/" + command + " is not installed: run `make pytools` (make integration and make contract do)"
	if os.Getenv("CI") == "true" {
		t.Fatal(msg)
	}
	t.Skip(msg)
	return ""
}
