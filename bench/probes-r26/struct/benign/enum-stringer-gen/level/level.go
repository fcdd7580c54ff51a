package level

//go:generate stringer -type=Level -trimprefix=Level

// Level is a log severity.
type Level int

const (
	LevelDebug Level = iota
	LevelInfo
	LevelWarn
	LevelError
)
