module example.com/modulecacheprimer

go 1.22
