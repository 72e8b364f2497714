package integration

// This file has no build tag: it is a unit test (no services needed) that
// checks the structure of docker-compose.yml, which cannot be run here.

import (
	"os"
	"slices"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"
)

type composeFile struct {
	Services map[string]composeService `yaml:"services"`
	Volumes  map[string]any            `yaml:"volumes"`
}

type composeService struct {
	Image       string                      `yaml:"image"`
	Build       any                         `yaml:"build"`
	Command     []string                    `yaml:"command"`
	Environment map[string]string           `yaml:"environment"`
	Ports       []string                    `yaml:"ports"`
	DependsOn   map[string]composeDependsOn `yaml:"depends_on"`
	Healthcheck *composeHealthcheck         `yaml:"healthcheck"`
}

type composeDependsOn struct {
	Condition string `yaml:"condition"`
}

type composeHealthcheck struct {
	Test []string `yaml:"test"`
}

func loadCompose(t *testing.T) composeFile {
	t.Helper()
	raw, err := os.ReadFile("../docker-compose.yml")
	if err != nil {
		t.Fatalf("read docker-compose.yml: %v", err)
	}
	var c composeFile
	if err := yaml.Unmarshal(raw, &c); err != nil {
		t.Fatalf("parse docker-compose.yml: %v", err)
	}
	return c
}

func service(t *testing.T, c composeFile, name string) composeService {
	t.Helper()
	s, ok := c.Services[name]
	if !ok {
		t.Fatalf("docker-compose.yml: service %q missing", name)
	}
	return s
}

func healthcheckText(t *testing.T, s composeService, name string) string {
	t.Helper()
	if s.Healthcheck == nil || len(s.Healthcheck.Test) == 0 {
		t.Fatalf("service %q: no healthcheck", name)
	}
	return strings.Join(s.Healthcheck.Test, " ")
}

func TestComposeServices(t *testing.T) {
	c := loadCompose(t)
	var names []string
	for n := range c.Services {
		names = append(names, n)
	}
	slices.Sort(names)
	if want := []string{"api", "indexer", "opensearch", "redis"}; !slices.Equal(names, want) {
		t.Errorf("services = %v, want %v", names, want)
	}
}

func TestComposeOpenSearch(t *testing.T) {
	s := service(t, loadCompose(t), "opensearch")
	if s.Image != "opensearchproject/opensearch:2.19.1" {
		t.Errorf("opensearch image = %q", s.Image)
	}
	for k, want := range map[string]string{
		"discovery.type":              "single-node",
		"DISABLE_SECURITY_PLUGIN":     "true",
		"DISABLE_INSTALL_DEMO_CONFIG": "true",
	} {
		if got := s.Environment[k]; got != want {
			t.Errorf("opensearch env %s = %q, want %q", k, got, want)
		}
	}
	if !strings.Contains(s.Environment["OPENSEARCH_JAVA_OPTS"], "-Xmx") {
		t.Errorf("opensearch OPENSEARCH_JAVA_OPTS should set the heap, got %q", s.Environment["OPENSEARCH_JAVA_OPTS"])
	}
	if hc := healthcheckText(t, s, "opensearch"); !strings.Contains(hc, "curl") || !strings.Contains(hc, "_cluster/health") {
		t.Errorf("opensearch healthcheck should curl _cluster/health: %q", hc)
	}
}

func TestComposeRedis(t *testing.T) {
	s := service(t, loadCompose(t), "redis")
	if s.Image != "redis:7" {
		t.Errorf("redis image = %q", s.Image)
	}
	cmd := strings.Join(s.Command, " ")
	for _, want := range []string{"--appendonly yes", "--appendfsync everysec", "--maxmemory-policy noeviction"} {
		if !strings.Contains(cmd, want) {
			t.Errorf("redis command %q lacks %q", cmd, want)
		}
	}
	if hc := healthcheckText(t, s, "redis"); !strings.Contains(hc, "redis-cli ping") {
		t.Errorf("redis healthcheck should be redis-cli ping: %q", hc)
	}
}

func TestComposeIndexer(t *testing.T) {
	s := service(t, loadCompose(t), "indexer")
	if s.Build == nil {
		t.Error("indexer should be built from the repository Dockerfile")
	}
	cmd := strings.Join(s.Command, " ")
	for _, want := range []string{"indexer generate", "indexer load"} {
		if !strings.Contains(cmd, want) {
			t.Errorf("indexer command %q lacks %q", cmd, want)
		}
	}
	if got := s.Environment["OPENSEARCH_URL"]; got != "http://opensearch:9200" {
		t.Errorf("indexer OPENSEARCH_URL = %q", got)
	}
	if got := s.DependsOn["opensearch"].Condition; got != "service_healthy" {
		t.Errorf("indexer depends_on opensearch condition = %q, want service_healthy", got)
	}
}

func TestComposeAPI(t *testing.T) {
	c := loadCompose(t)
	s := service(t, c, "api")
	if s.Build == nil {
		t.Error("api should be built from the repository Dockerfile")
	}
	if s.Image == "" || s.Image != c.Services["indexer"].Image {
		t.Errorf("api and indexer should share one image, got %q and %q", s.Image, c.Services["indexer"].Image)
	}
	if !slices.Contains(s.Ports, "8080:8080") {
		t.Errorf("api ports = %v, want 8080:8080", s.Ports)
	}
	for k, want := range map[string]string{
		"OPENSEARCH_URL": "http://opensearch:9200",
		"REDIS_URL":      "redis://redis:6379",
	} {
		if got := s.Environment[k]; got != want {
			t.Errorf("api env %s = %q, want %q", k, got, want)
		}
	}
	for dep, want := range map[string]string{
		"indexer": "service_completed_successfully",
		"redis":   "service_healthy",
	} {
		if got := s.DependsOn[dep].Condition; got != want {
			t.Errorf("api depends_on %s condition = %q, want %q", dep, got, want)
		}
	}
	if hc := healthcheckText(t, s, "api"); !strings.Contains(hc, "/api/ping") {
		t.Errorf("api healthcheck should hit /api/ping: %q", hc)
	}
}

func TestComposeHealthchecksUsedByDependents(t *testing.T) {
	c := loadCompose(t)
	for name, s := range c.Services {
		for dep, d := range s.DependsOn {
			target, ok := c.Services[dep]
			if !ok {
				t.Errorf("service %s depends on unknown service %s", name, dep)
				continue
			}
			if d.Condition == "service_healthy" && target.Healthcheck == nil {
				t.Errorf("service %s waits for %s to be healthy, but %s has no healthcheck", name, dep, dep)
			}
		}
	}
}
