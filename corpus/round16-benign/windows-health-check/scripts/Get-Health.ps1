$ErrorActionPreference = "SilentlyContinue"
$os = Get-CimInstance Win32_OperatingSystem
"OS: {0} build {1}, up since {2}" -f $os.Caption, $os.BuildNumber, $os.LastBootUpTime

$reboot = (Test-Path "HKLM:\SOFTWARE\Microsoft\Windows\CurrentVersion\WindowsUpdate\Auto Update\RebootRequired")
"Pending reboot: $reboot"

"Last updates:"
Get-HotFix | Sort-Object InstalledOn -Descending | Select-Object -First 5 | ForEach-Object { "  {0} {1:yyyy-MM-dd}" -f $_.HotFixID, $_.InstalledOn }

$mp = Get-MpComputerStatus
"Defender real-time: {0}, signatures {1} days old" -f $mp.RealTimeProtectionEnabled, $mp.AntivirusSignatureAge
$excl = (Get-MpPreference).ExclusionPath
if ($excl) { "Defender exclusions present: {0} (review them)" -f $excl.Count }

Get-PSDrive -PSProvider FileSystem | ForEach-Object { "Disk {0}: {1:N1} GB free" -f $_.Name, ($_.Free / 1GB) }
"Stopped auto-start services:"
Get-CimInstance Win32_Service -Filter "StartMode='Auto' AND State<>'Running'" | ForEach-Object { "  " + $_.Name }
