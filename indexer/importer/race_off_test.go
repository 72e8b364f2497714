//go:build !race

package importer

const raceEnabled = false
