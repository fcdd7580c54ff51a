# Example used in the docs to show what the reviewer flags. Not applied by the skill.
resource "aws_iam_role_policy_attachment" "ci_admin" {
  role       = "ci-deployer"
  policy_arn = "arn:aws:iam::aws:policy/AdministratorAccess" # reviewer flags this as high risk
}

resource "aws_security_group_rule" "ssh_world" {
  type              = "ingress"
  from_port         = 22
  to_port           = 22
  protocol          = "tcp"
  cidr_blocks       = ["0.0.0.0/0"] # reviewer flags public SSH
  security_group_id = "sg-0123456789abcdef0"
}
