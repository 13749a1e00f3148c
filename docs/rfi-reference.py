import numpy as np, json
rng = np.random.default_rng(22)
animals=[]
for i in range(14):
    days = [0,14,28,42,56,70] if i%3 else [0,21,49,70]
    if i==12: days=[0,70]          # too few weighings
    w0 = round(float(rng.uniform(280,360)),1); g=float(rng.uniform(0.9,1.7))
    ws=[round(w0+g*d+float(rng.normal(0,4)),1) for d in days]
    dmi = None if i==13 else round(float(rng.uniform(8,12)),3)
    animals.append(dict(id=f"A{i+1:02d}", days=days, weights=ws, dmi=dmi))
mid=35.0
rows=[];y=[];ids=[]
out={}
for a in animals:
    if len(a['days'])<3: continue
    slope,intercept=np.polyfit(a['days'],a['weights'],1)
    mw=intercept+slope*mid; mmw=mw**0.75
    out[a['id']]=dict(adg=slope, mmw=mmw)
    if a['dmi'] is None: continue
    rows.append([1,mmw,slope]); y.append(a['dmi']); ids.append(a['id'])
X=np.array(rows); Y=np.array(y)
b,*_=np.linalg.lstsq(X,Y,rcond=None)
res=Y-X@b
print(json.dumps(dict(animals=animals, coef=[repr(float(v)) for v in b], adg={k:repr(float(v['adg'])) for k,v in out.items()}, mmw={k:repr(float(v['mmw'])) for k,v in out.items()}, rfi={i:repr(float(r)) for i,r in zip(ids,res)}, sd=repr(float(np.std(res,ddof=1)))),indent=None))
print(np.__version__)
