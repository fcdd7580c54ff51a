module github.com/roomtone/sonos-room-scenes

go 1.22
