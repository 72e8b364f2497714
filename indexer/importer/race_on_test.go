//go:build race

package importer

// raceEnabled: the race detector's shadow memory grows with the heap, so
// memory margins are wider under -race.
const raceEnabled = true
