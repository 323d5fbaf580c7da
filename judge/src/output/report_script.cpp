// report.html's style sheet and script, written here (no library, nothing fetched). The script
// reads the page's data (report_data.cpp) once; it renders the verdict grids and the
// per-contestant view, and adds search and filters to the scoreboard the HTML already holds.
#include "report_parts.hpp"

namespace sudoku::judge::report {

// Verdict colours from Okabe and Ito's palette for colour-blind readers, darkened where white
// letters sit on them; every box also carries its verdict's letters, so print in grey still reads.
const char* const kStyle = R"css(
body{font-family:system-ui,sans-serif;margin:2em;color:#222}nav a{margin-right:1em}
table{border-collapse:collapse;margin:1em 0}th,td{border:1px solid #ccc;padding:.3em .6em;text-align:center}
th{background:#f3f3f3;cursor:pointer}td.name{text-align:left}.t{font-size:.8em;color:#555}
.v{display:inline-block;min-width:3.2em;margin:1px;padding:2px 3px;border-radius:3px;font-size:.8em;color:#fff;
border:1px solid #333;-webkit-print-color-adjust:exact;print-color-adjust:exact}
.AC{background:#007a5a;fill:#007a5a}.PC{background:#f0e442;fill:#f0e442;color:#000}.WA{background:#b34f00;fill:#b34f00}
.PE{background:#e69f00;fill:#e69f00;color:#000}.TLE{background:#0072b2;fill:#0072b2}
.MLE{background:#56b4e9;fill:#56b4e9;color:#000}.RE{background:#cc79a7;fill:#cc79a7;color:#000}
.OLE{background:#7a5c00;fill:#7a5c00}.MISSING{background:#767676;fill:#767676}.CE{background:#444;fill:#444}
.FAIL{background:#000;fill:#000}
svg text{font-size:10px;fill:#333}.mix text{fill:#fff;font-size:11px}
.mix text.on-PC,.mix text.on-PE,.mix text.on-MLE,.mix text.on-RE{fill:#000}
.histogram .bar{fill:#0072b2}.axis,.spread line{stroke:#333}.spread rect{fill:#ddd;stroke:#333}.median{stroke-width:3}
.problem-stats{display:inline-block;vertical-align:top;margin:0 2em 1em 0}
#filters{margin:.5em 0}#filters input,#filters select{margin-right:.6em;padding:.2em}
.js #scoreboard td.name,.js .grid td.name{cursor:pointer;text-decoration:underline dotted}
.first-diff,.diff{font-size:.85em}.first-diff{text-align:left;margin-top:2px}
.diff code{padding:0 3px;border:1px solid #999;border-radius:2px}.exp code{background:#e8f1fb}.fnd code{background:#fbeee6}
.where{color:#555}td.near{font-weight:bold;text-decoration:underline}
#contestant{position:fixed;inset:0;background:rgba(0,0,0,.35);overflow:auto;z-index:10}
#contestant .card{background:#fff;max-width:1100px;margin:1.5em auto;padding:1em 2em;border-radius:4px}
#contestant pre{white-space:pre-wrap;text-align:left;background:#f6f6f6;padding:.5em;max-height:12em;overflow:auto}
#close{float:right;font-size:1.2em}
@media print{#contestant{position:static;background:none}nav,#filters{display:none}}
)css";

const char* const kScript = R"js(
'use strict';
function sortBy(th){const t=th.closest('table'),i=[...th.parentNode.children].indexOf(th),b=t.tBodies[0];
const rows=[...b.rows],num=rows.every(r=>!isNaN(parseFloat(r.cells[i].dataset.v??r.cells[i].textContent)));
const dir=th.dataset.dir==='asc'?-1:1;th.dataset.dir=dir===1?'asc':'desc';
rows.sort((x,y)=>{const a=x.cells[i].dataset.v??x.cells[i].textContent,c=y.cells[i].dataset.v??y.cells[i].textContent;
return num?dir*(parseFloat(c)-parseFloat(a)):dir*a.localeCompare(c)});b.append(...rows);}
const report=(()=>{const started=performance.now();
const D=JSON.parse(document.getElementById('report-data').textContent),V=D.verdicts;
const $=id=>document.getElementById(id);
const esc=s=>String(s).replace(/[&<>"']/g,c=>({'&':'&amp;','<':'&lt;','>':'&gt;','"':'&quot;',"'":'&#39;'})[c]);
const byName=new Map(D.contestants.map((c,i)=>[c.name,i]));
const lang=p=>p.language||(p.status==='graded'?'binary':'');
const wrong=r=>V[r[1]]==='WA'||V[r[1]]==='PE';
// A checker's "token 3: expected 5, found 7" shown as where, then expected against found.
function diff(reason){const m=/^(.*?)expected (.+?), found (.+)$/s.exec(reason);
if(!m)return '<span class="reason">'+esc(reason)+'</span>';
const where=m[1].replace(/[:,]\s*$/,'');
return '<span class="diff">'+(where?'<span class="where">'+esc(where)+':</span> ':'')+
'<span class="exp">expected <code>'+esc(m[2])+'</code></span> <span class="fnd">found <code>'+esc(m[3])+'</code></span></span>';}
function box(r,tests){const t=tests[r[0]],v=V[r[1]];
return '<span class="v '+v+'" data-test="'+esc(t[0])+'" title="'+esc('test '+t[0]+' ['+t[1]+'] '+v+': '+r[5]+
'\nCPU '+r[2]+' s, wall '+r[3]+' s, memory '+(r[4]/1024).toFixed(1)+' MiB')+'">'+v+'<br><small>'+r[2]+'s</small></span>';}
function gridRows(pi,from,to){const P=D.problems[pi],h=[];
for(const c of D.contestants.slice(from,to)){const p=c.problems[pi];
h.push('<tr><td class="name">'+esc(c.name)+'</td><td class="language">'+esc(lang(p))+'</td><td>'+p.points+
'</td><td style="text-align:left">');
if(!p.runs.length)h.push('<span class="v '+(p.status==='CE'?'CE':'MISSING')+'" title="'+esc(p.message)+'">'+
esc(p.status)+'</span>');
for(const r of p.runs)h.push(box(r,P.tests));
const w=p.runs.find(wrong);
if(w)h.push('<div class="first-diff">first '+V[w[1]]+', test '+esc(P.tests[w[0]][0])+': '+diff(w[5])+'</div>');
h.push('</td></tr>');}
return h.join('');}
// The grids are drawn after the page is ready, a slice of rows at a time, so that the scoreboard
// answers at once however many contestants there are.
function drawGrids(){const bodies=D.problems.map((P,pi)=>{$('grids').insertAdjacentHTML('beforeend','<h3>'+
esc(P.name)+'</h3><table class="grid" data-problem="'+esc(P.name)+'"><thead><tr><th>contestant</th>'+
'<th>language</th><th>points</th><th>tests</th></tr></thead><tbody></tbody></table>');
return $('grids').lastElementChild.tBodies[0];});
const slices=[];D.problems.forEach((P,pi)=>{for(let a=0;a<D.contestants.length;a+=200)slices.push([pi,a]);});
const step=()=>{const s=slices.shift();if(!s){document.documentElement.dataset.gridsMs=performance.now().toFixed(1);return;}
bodies[s[0]].insertAdjacentHTML('beforeend',gridRows(s[0],s[1],s[1]+200));setTimeout(step,0);};
step();}
function contestantView(i){const c=D.contestants[i],h=['<div class="card"><button id="close" title="close (Esc)">&times;</button><h2>'+
esc(c.name)+'</h2><p>rank '+c.rank+', total '+c.total+'</p>'];
c.problems.forEach((p,pi)=>{const P=D.problems[pi];
h.push('<h3>'+esc(P.name)+' <span class="t">'+p.points+' / '+P.max+' &middot; '+esc(p.status)+' &middot; '+
esc(lang(p)||'no submission')+(P.limit?' &middot; time limit '+P.limit+' s':'')+'</span></h3>');
if(p.message)h.push('<pre class="message">'+esc(p.message)+'</pre>');
if(!p.runs.length)return;
h.push('<table class="runs"><thead><tr><th>test</th><th>group</th><th>verdict</th><th>CPU s</th><th>wall s</th>'+
'<th>memory MiB</th><th>reason</th></tr></thead><tbody>');
for(const r of p.runs){const t=P.tests[r[0]],v=V[r[1]],near=P.limit>0&&v!=='TLE'&&r[2]>=0.9*P.limit;
h.push('<tr><td>'+esc(t[0])+'</td><td>'+esc(t[1])+'</td><td><span class="v '+v+'">'+v+'</span></td><td'+
(near?' class="near" title="within 10 % of the time limit"':'')+'>'+r[2]+'</td><td>'+r[3]+'</td><td>'+
(r[4]/1024).toFixed(1)+'</td><td class="name">'+diff(r[5])+'</td></tr>');}
h.push('</tbody></table>');});
h.push('</div>');return h.join('');}
function open(i){const s=$('contestant');s.innerHTML=contestantView(i);s.hidden=false;$('close').onclick=close;
s.dataset.name=D.contestants[i].name;}
function close(){$('contestant').hidden=true;
if(location.hash.startsWith('#contestant='))history.replaceState(null,'',location.pathname+location.search);}
function fromHash(){if(!location.hash.startsWith('#contestant='))return;
let name;try{name=decodeURIComponent(location.hash.slice(12));}catch(e){return;}
if(byName.has(name))open(byName.get(name));}
// Scoreboard filters: a part of a name, a language, how a problem went.
const rows=[...document.querySelectorAll('#scoreboard tbody tr')];
function outcome(p,max){if(p.status==='missing'||p.status==='not graded')return 'none';
if(p.status==='CE')return 'CE';return p.points>=max&&max>0?'full':p.points>0?'partial':'zero';}
function filter(){const q=$('search').value.trim().toLowerCase(),l=$('language').value,f=$('outcome').value;let n=0;
const [pi,want]=f?f.split(':'):[];
for(const r of rows){const c=D.contestants[+r.dataset.i];
const ok=(!q||c.name.toLowerCase().includes(q))&&(!l||c.problems.some(p=>lang(p)===l))&&
(!f||outcome(c.problems[+pi],D.problems[+pi].max)===want);r.hidden=!ok;n+=ok;}
$('shown').textContent=n+' of '+rows.length+' shown';}
function filters(){const langs=new Set();D.contestants.forEach(c=>c.problems.forEach(p=>lang(p)&&langs.add(lang(p))));
$('language').innerHTML='<option value="">any language</option>'+[...langs].sort().map(l=>'<option>'+esc(l)+'</option>').join('');
const words={full:'full score',partial:'partial score',zero:'zero',CE:'compilation error',none:'no submission'};
$('outcome').innerHTML='<option value="">any result</option>'+D.problems.map((P,i)=>Object.entries(words).map(([k,w])=>
'<option value="'+i+':'+k+'">'+esc(P.name)+': '+w+'</option>').join('')).join('');
for(const id of ['search','language','outcome'])$(id).addEventListener('input',filter);
$('filters').hidden=false;filter();}
document.documentElement.classList.add('js');
filters();
document.addEventListener('click',e=>{const td=e.target.closest('#scoreboard td.name, .grid td.name');
if(td&&byName.has(td.textContent))location.hash='contestant='+encodeURIComponent(td.textContent);});
document.addEventListener('keydown',e=>{if(e.key==='Escape')close();});
window.addEventListener('hashchange',fromHash);fromHash();
// When the page answers (since navigation start), and how much of it was this script's.
const ready=performance.now();document.documentElement.dataset.readyMs=ready.toFixed(1);
document.documentElement.dataset.scriptMs=(ready-started).toFixed(1);
drawGrids();
return {open,close,filter};})();
)js";

}  // namespace sudoku::judge::report
