package main

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/ukpd/propertyapi/indexer"
)

// feedConfig reads the change log's settings from the environment:
// CHANGES_KEEP_EPOCHS and CHANGES_KEEP_DAYS (retention; an epoch is kept
// while it is among the last N or younger than D days) and
// CHANGES_DATASETS (comma-separated datasets whose loads are diffed;
// empty: every dataset).
func feedConfig(getenv func(string) string) (indexer.Retention, []string, error) {
	var ret indexer.Retention
	if v := strings.TrimSpace(getenv("CHANGES_KEEP_EPOCHS")); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 {
			return ret, nil, fmt.Errorf("CHANGES_KEEP_EPOCHS=%q: want a whole number of at least 1", v)
		}
		ret.Epochs = n
	}
	if v := strings.TrimSpace(getenv("CHANGES_KEEP_DAYS")); v != "" {
		n, err := strconv.ParseFloat(v, 64)
		if err != nil || n <= 0 {
			return ret, nil, fmt.Errorf("CHANGES_KEEP_DAYS=%q: want a positive number of days", v)
		}
		ret.For = time.Duration(n * float64(24*time.Hour))
	}
	var list []string
	for _, n := range strings.Split(getenv("CHANGES_DATASETS"), ",") {
		if n = strings.TrimSpace(n); n != "" {
			list = append(list, n)
		}
	}
	if err := indexer.ValidateFeedDatasets(list); err != nil {
		return ret, nil, err
	}
	return ret, list, nil
}
