on run argv
	set groupName to item 1 of argv
	set outPath to item 2 of argv
	tell application "Contacts"
		if groupName is "ALL" then
			set ppl to every person
		else
			set ppl to every person of group groupName
		end if
		set cards to ""
		repeat with p in ppl
			set cards to cards & (vcard of p)
		end repeat
	end tell
	set f to open for access (POSIX file outPath) with write permission
	set eof f to 0
	write cards to f as «class utf8»
	close access f
	return (count of ppl) & " contacts written to " & outPath
end run
