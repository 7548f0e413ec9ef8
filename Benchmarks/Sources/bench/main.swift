print("driver")
