on run argv
	set n to item 1 of argv
	set l to item 2 of argv
	display notification (n & " chats exported") with title "iMessage export" subtitle l
end run
