print("hingetool")
